#include "CReelBuild.h"

// A C define rather than Swift code so that a new commit rebuilds this file and the reel
// command only, not the library every test target compiles against.
#ifndef REEL_COMMIT
#define REEL_COMMIT "unknown"
#endif

const char *reel_build_commit(void) { return REEL_COMMIT; }
