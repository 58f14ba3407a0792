#include "CReelSupport.h"
#include <dirent.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static volatile sig_atomic_t received_signal = 0;
// Set once the forced exit has begun: registration stops writing into the tables it reads.
static volatile sig_atomic_t forced_exit_started = 0;

// MARK: Temporaries and children to clean up on a forced exit
//
// Fixed tables, filled under a mutex by ordinary code and only read by the handler, which
// never allocates or locks. A slot's state is cleared before its path is rewritten and set
// after, so the handler never acts on a half-written path. When the table is full the oldest
// entry is reused: a stale entry names a temporary already renamed or removed, so losing it
// costs nothing, and removing it again is harmless (temporary names are unique).

enum { TEMPORARY_SLOTS = 64, CHILD_SLOTS = 64, PATH_BYTES = 4096 };
enum { SLOT_FREE = 0, SLOT_FILE = 1, SLOT_FOLDER = 2 };

static char temporary_paths[TEMPORARY_SLOTS][PATH_BYTES];
static volatile sig_atomic_t temporary_states[TEMPORARY_SLOTS];
static int next_temporary = 0;
static volatile sig_atomic_t children[CHILD_SLOTS];
static pthread_mutex_t tables_lock = PTHREAD_MUTEX_INITIALIZER;

static void register_temporary(const char *path, int state) {
    if (path == NULL || strlen(path) >= PATH_BYTES) return;
    pthread_mutex_lock(&tables_lock);
    if (!forced_exit_started) {
        int slot = next_temporary;
        for (int i = 0; i < TEMPORARY_SLOTS; i++) {
            if (temporary_states[i] == SLOT_FREE) { slot = i; break; }
        }
        next_temporary = (slot + 1) % TEMPORARY_SLOTS;
        temporary_states[slot] = SLOT_FREE;
        memcpy(temporary_paths[slot], path, strlen(path) + 1);
        temporary_states[slot] = state;
    }
    pthread_mutex_unlock(&tables_lock);
}

void reel_register_temporary_file(const char *path) { register_temporary(path, SLOT_FILE); }

void reel_register_temporary_folder(const char *path) { register_temporary(path, SLOT_FOLDER); }

void reel_unregister_temporary(const char *path) {
    if (path == NULL) return;
    pthread_mutex_lock(&tables_lock);
    for (int i = 0; i < TEMPORARY_SLOTS; i++) {
        if (temporary_states[i] != SLOT_FREE && strcmp(temporary_paths[i], path) == 0) temporary_states[i] = SLOT_FREE;
    }
    pthread_mutex_unlock(&tables_lock);
}

void reel_register_child(int pid) {
    pthread_mutex_lock(&tables_lock);
    for (int i = 0; i < CHILD_SLOTS; i++) {
        if (children[i] == 0) { children[i] = pid; break; }
    }
    pthread_mutex_unlock(&tables_lock);
}

void reel_unregister_child(int pid) {
    pthread_mutex_lock(&tables_lock);
    for (int i = 0; i < CHILD_SLOTS; i++) {
        if (children[i] == pid) children[i] = 0;
    }
    pthread_mutex_unlock(&tables_lock);
}

// A PNG sequence's temporary folder holds only files: unlink each, then the folder. getdents64
// into a stack buffer, since opendir allocates.
struct linux_dirent64 {
    unsigned long long d_ino;
    long long d_off;
    unsigned short d_reclen;
    unsigned char d_type;
    char d_name[];
};

static void remove_flat_folder(const char *path) {
    int fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW);
    if (fd >= 0) {
        char buffer[8192];
        for (;;) {
            long n = syscall(SYS_getdents64, fd, buffer, sizeof buffer);
            if (n <= 0) break;
            for (long offset = 0; offset < n;) {
                struct linux_dirent64 *entry = (struct linux_dirent64 *)(buffer + offset);
                if (strcmp(entry->d_name, ".") != 0 && strcmp(entry->d_name, "..") != 0)
                    unlinkat(fd, entry->d_name, 0);
                offset += entry->d_reclen;
            }
        }
        close(fd);
    }
    rmdir(path);
}

// Async-signal-safe: removes every registered temporary, kills every registered child's
// process group, and exits with the shell's status for `sig`.
static void forced_exit(int sig) {
    forced_exit_started = 1;
    for (int i = 0; i < TEMPORARY_SLOTS; i++) {
        if (temporary_states[i] == SLOT_FILE) unlink(temporary_paths[i]);
        else if (temporary_states[i] == SLOT_FOLDER) remove_flat_folder(temporary_paths[i]);
    }
    for (int i = 0; i < CHILD_SLOTS; i++) {
        if (children[i] > 0) kill(-children[i], SIGKILL);
    }
    _exit(128 + sig);
}

// MARK: Signals

static timer_t watchdog;
static int watchdog_ready = 0;
static volatile sig_atomic_t forced_exit_milliseconds = 0;

void reel_set_forced_exit_delay(int milliseconds) { forced_exit_milliseconds = milliseconds; }

static void watchdog_fired(int unused) {
    (void)unused;
    forced_exit(received_signal != 0 ? received_signal : SIGTERM);
}

static void record_signal(int sig) {
    // A second signal while already stopping ends the process at once.
    if (received_signal != 0) forced_exit(received_signal);
    received_signal = sig;
    // The orderly stop (loops see the flag, temporaries are removed) gets a deadline: a read
    // or write that blocks never sees the flag. timer_settime is async-signal-safe.
    if (watchdog_ready && forced_exit_milliseconds > 0) {
        int ms = forced_exit_milliseconds;
        struct itimerspec when;
        memset(&when, 0, sizeof when);
        when.it_value.tv_sec = ms / 1000;
        when.it_value.tv_nsec = (long)(ms % 1000) * 1000000L;
        timer_settime(watchdog, 0, &when, NULL);
    } else {
        forced_exit(sig);
    }
}

static void install_once(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = watchdog_fired;
    sigemptyset(&action.sa_mask);
    sigaction(SIGALRM, &action, NULL);
    struct sigevent event;
    memset(&event, 0, sizeof event);
    event.sigev_notify = SIGEV_SIGNAL;
    event.sigev_signo = SIGALRM;
    watchdog_ready = timer_create(CLOCK_MONOTONIC, &event, &watchdog) == 0;

    action.sa_handler = record_signal;
    // The handler runs to completion before another of these signals is handled.
    sigaddset(&action.sa_mask, SIGINT);
    sigaddset(&action.sa_mask, SIGTERM);
    sigaddset(&action.sa_mask, SIGHUP);
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
    sigaddset(&set, SIGALRM);
    pthread_sigmask(SIG_UNBLOCK, &set, NULL);
}

void reel_install_exit_on_signal(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, install_once);
}

void reel_install_interrupt_handlers(void) {
    forced_exit_milliseconds = 1000;
    reel_install_exit_on_signal();
}

int reel_interrupt_signal(void) { return received_signal; }

int reel_isatty(int fd) { return isatty(fd); }
