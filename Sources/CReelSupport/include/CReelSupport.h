#ifndef REEL_SUPPORT_H
#define REEL_SUPPORT_H
/// Installs SIGINT/SIGTERM/SIGHUP handlers (once) that end the process at once: a forced exit
/// removes every registered temporary, kills every registered child's process group and exits
/// with 128 + the signal. For commands that do not poll for interrupts.
void reel_install_exit_on_signal(void);
/// Installs the handlers for an orderly stop: the first signal is recorded for loops to poll
/// (`reel_interrupt_signal`) and arms a watchdog that forces the exit if the process is still
/// alive after the forced-exit delay (1 s unless set), e.g. blocked in a read no loop polls.
/// A second signal forces the exit at once.
void reel_install_interrupt_handlers(void);
/// The signal number received since installation, or 0.
int reel_interrupt_signal(void);
/// How long the orderly stop may take before the watchdog ends the process (0: no orderly stop).
void reel_set_forced_exit_delay(int milliseconds);
/// Names a temporary file (or a folder of files) for a forced exit to remove. The path is
/// copied; paths of 4096 bytes or more are not registered.
void reel_register_temporary_file(const char *path);
void reel_register_temporary_folder(const char *path);
/// Forgets a temporary registered under `path` (it was committed or removed).
void reel_unregister_temporary(const char *path);
/// Names a child process, leader of its own process group, that a forced exit kills.
void reel_register_child(int pid);
void reel_unregister_child(int pid);
/// True when the file descriptor is a terminal.
int reel_isatty(int fd);
/// The calling thread's stack size in bytes, or 0 when the system does not say.
long reel_current_stack_size(void);
#endif
