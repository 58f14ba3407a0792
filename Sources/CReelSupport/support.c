#include "CReelSupport.h"
#include <signal.h>
#include <string.h>
#include <unistd.h>

static volatile sig_atomic_t received_signal = 0;

// The temporary output to delete if a second signal kills us before the first is handled.
// A fixed buffer, written only while `forced_exit_path_set` is 0, so the handler never sees
// a half-written path and never allocates.
static char forced_exit_path[4096];
static volatile sig_atomic_t forced_exit_path_set = 0;

void reel_remove_on_forced_exit(const char *path) {
    forced_exit_path_set = 0;
    if (path == NULL || strlen(path) >= sizeof forced_exit_path) return;
    memcpy(forced_exit_path, path, strlen(path) + 1);
    forced_exit_path_set = 1;
}

static void record_signal(int sig) {
    // A second signal while already stopping falls back to the default action (kill), so a
    // stuck render can always be ended. The first one removes temporary files in an orderly
    // way; this one can only remove the single temporary file (unlink is async-signal-safe).
    if (received_signal != 0) {
        if (forced_exit_path_set) unlink(forced_exit_path);
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
