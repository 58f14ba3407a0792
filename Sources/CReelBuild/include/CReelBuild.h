#ifndef REEL_BUILD_H
#define REEL_BUILD_H

/// The git commit this reel was built from (Package.swift passes it as REEL_COMMIT), with
/// "-modified" when the checkout had uncommitted changes; "unknown" outside a git checkout.
const char *reel_build_commit(void);

#endif
