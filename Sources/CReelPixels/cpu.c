// Which vector instructions the pixel loops may use, found once at load time.
#include "CReelPixels.h"
#include "cpu.h"

int reel_cpu_has_avx2;

#if defined(__x86_64__)
__attribute__((constructor)) static void detect_cpu(void) {
    __builtin_cpu_init();
    reel_cpu_has_avx2 = __builtin_cpu_supports("avx2") ? 1 : 0;
}
#endif

int reel_pixels_vectorized(void) { return reel_cpu_has_avx2; }
