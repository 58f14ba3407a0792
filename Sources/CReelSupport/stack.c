// pthread_getattr_np is a GNU extension, which Swift's Glibc module does not declare.
#define _GNU_SOURCE
#include "CReelSupport.h"
#include <pthread.h>

long reel_current_stack_size(void) {
    pthread_attr_t attributes;
    if (pthread_getattr_np(pthread_self(), &attributes) != 0) return 0;
    size_t size = 0;
    if (pthread_attr_getstacksize(&attributes, &size) != 0) size = 0;
    pthread_attr_destroy(&attributes);
    return (long)size;
}
