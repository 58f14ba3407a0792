#ifndef REEL_PIXELS_CPU_H
#define REEL_PIXELS_CPU_H
// Whether the CPU has AVX2: set once, before main (so threads only ever read it). 0 off x86-64.
extern int reel_cpu_has_avx2;
#endif
