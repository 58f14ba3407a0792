#ifndef REEL_SUPPORT_H
#define REEL_SUPPORT_H
/// Installs SIGINT/SIGTERM/SIGHUP handlers that only record the signal (async-signal-safe).
void reel_install_interrupt_handlers(void);
/// The signal number received since installation, or 0.
int reel_interrupt_signal(void);
/// True when the file descriptor is a terminal.
int reel_isatty(int fd);
#endif
