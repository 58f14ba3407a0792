#include "CReelSupport.h"
#include <signal.h>
#include <string.h>
#include <unistd.h>

static volatile sig_atomic_t received_signal = 0;

static void record_signal(int sig) {
    // A second signal while already stopping falls back to the default action (kill), so a
    // stuck render can always be ended; temporary files are removed on the first one.
    if (received_signal != 0) {
        signal(sig, SIG_DFL);
        raise(sig);
        return;
    }
    received_signal = sig;
}

void reel_install_interrupt_handlers(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = record_signal;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGTERM, &action, NULL);
    sigaction(SIGHUP, &action, NULL);
    // A parent may start us with these signals blocked (threads of a test runner often do);
    // unblock them so an interrupt is always seen.
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGHUP);
    sigprocmask(SIG_UNBLOCK, &set, NULL);
}

int reel_interrupt_signal(void) { return received_signal; }

int reel_isatty(int fd) { return isatty(fd); }
