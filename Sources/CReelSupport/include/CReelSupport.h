#ifndef REEL_SUPPORT_H
#define REEL_SUPPORT_H
/// Installs SIGINT/SIGTERM/SIGHUP handlers that only record the signal (async-signal-safe).
void reel_install_interrupt_handlers(void);
/// The signal number received since installation, or 0.
int reel_interrupt_signal(void);
/// Names the temporary output file that a second, killing signal deletes on its way out
/// (NULL: none). The path is copied; paths of 4096 bytes or more are not registered.
void reel_remove_on_forced_exit(const char *path);
/// True when the file descriptor is a terminal.
int reel_isatty(int fd);
#endif
