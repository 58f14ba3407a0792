// librsvg: SVG documents drawn into Cairo. Only CReelSvg includes it (Swift sees that target's
// small API, not GObject's).
#include <librsvg/rsvg.h>
