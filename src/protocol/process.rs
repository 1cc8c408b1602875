//! An engine's process and everything it starts: each engine runs in a
//! process group of its own, and ending the engine (a restart, a timeout,
//! the end of a run, the harness's Ctrl-C) ends the whole group, so that
//! an engine that forks helpers (a shell script running `sleep`, a
//! wrapper around the real engine) leaves nothing behind.
//!
//! When the harness itself is killed (`kill -KILL`, which no handler
//! sees), Linux ends the engine with it: the engine is started with
//! `PR_SET_PDEATHSIG` set to SIGKILL. A helper that leaves the engine's
//! process group (`setsid()`, `setpgid()`) is not ended by a group kill:
//! `super::reaper` ends it (the harness is a child subreaper and kills
//! the engine's whole tree). What cannot be reached, and is documented as
//! such (docs/hostile-table.md): when the harness is killed with SIGKILL
//! the engine's helpers (children of the engine, which the death signal
//! does not reach) outlive it unless the engine ends them.

use std::process::{Child, Command};
use std::sync::atomic::{AtomicI32, Ordering};
use std::time::Duration;

/// The most engine groups alive at once that Ctrl-C can end (a run
/// starts one engine per thread; more than this still run, and are still
/// ended with their engine, only not by the signal handler).
const SLOTS: usize = 256;

/// The process groups alive now (0: a free slot), read by the signal
/// handler, which may not take a lock.
static GROUPS: [AtomicI32; SLOTS] = [const { AtomicI32::new(0) }; SLOTS];

/// A started engine: the process, the leader of its own group.
#[derive(Debug)]
pub(crate) struct EngineProcess {
    child: Option<Child>,
}

impl EngineProcess {
    /// Starts `command` as the leader of a new process group.
    ///
    /// # Errors
    /// The operating system's, when it cannot be started.
    pub(crate) fn spawn(command: &mut Command) -> std::io::Result<EngineProcess> {
        #[cfg(unix)]
        {
            use std::os::unix::process::CommandExt;
            command.process_group(0);
            #[cfg(target_os = "linux")]
            // SAFETY: the closure runs in the child between fork and exec
            // and makes only async-signal-safe calls (prctl, getppid,
            // _exit).
            unsafe {
                let parent = libc::getpid();
                command.pre_exec(move || {
                    // End the engine when the harness ends, even by SIGKILL.
                    if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0) != 0 {
                        return Err(std::io::Error::last_os_error());
                    }
                    // The harness may have died before the call.
                    if libc::getppid() != parent {
                        libc::_exit(1);
                    }
                    Ok(())
                });
            }
            install_handler();
        }
        super::reaper::become_subreaper();
        let child = command.spawn()?;
        register(child.id());
        Ok(EngineProcess { child: Some(child) })
    }

    /// The child, for its pipes.
    pub(crate) fn child_mut(&mut self) -> Option<&mut Child> {
        self.child.as_mut()
    }

    /// Waits up to `wait` for the engine to exit by itself (after it was
    /// told to stop), then ends its group.
    pub(crate) fn end_after(mut self, wait: Duration) {
        let steps = wait.as_millis() / 10;
        for _ in 0..steps {
            if self.exited() {
                break;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        self.end();
    }

    /// Whether the leader has exited, without reaping it (so that its pid,
    /// the group's id, is not given to another process before the group
    /// is ended).
    fn exited(&self) -> bool {
        let Some(child) = self.child.as_ref() else {
            return true;
        };
        #[cfg(unix)]
        {
            let pid: libc::id_t = child.id();
            // SAFETY: a zeroed siginfo_t is a valid value for waitid to fill.
            let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
            // SAFETY: pid is our own child; WNOWAIT leaves it unreaped.
            let found = unsafe {
                libc::waitid(
                    libc::P_PID,
                    pid,
                    &mut info,
                    libc::WEXITED | libc::WNOHANG | libc::WNOWAIT,
                )
            };
            // SAFETY: waitid filled info (si_pid 0: not exited yet).
            found != 0 || unsafe { info.si_pid() } != 0
        }
        #[cfg(not(unix))]
        {
            let _ = child;
            false
        }
    }

    /// Kills the whole group, then reaps the leader.
    pub(crate) fn end(&mut self) {
        if let Some(mut child) = self.child.take() {
            super::reaper::kill_tree(child.id());
            kill_group(child.id());
            let _ = child.kill();
            let _ = child.wait();
            unregister(child.id());
        }
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        self.end();
    }
}

/// Ends every engine group started and not yet ended (for a run that
/// ends at once, e.g. when its standard output fails).
pub fn end_all_engines() {
    for slot in &GROUPS {
        let pid = slot.swap(0, Ordering::SeqCst);
        if pid > 0 {
            kill_group(pid as u32);
        }
    }
    super::reaper::sweep();
}

fn register(pid: u32) {
    let Ok(pid) = i32::try_from(pid) else { return };
    for slot in &GROUPS {
        if slot
            .compare_exchange(0, pid, Ordering::SeqCst, Ordering::SeqCst)
            .is_ok()
        {
            return;
        }
    }
}

fn unregister(pid: u32) {
    let Ok(pid) = i32::try_from(pid) else { return };
    for slot in &GROUPS {
        if slot
            .compare_exchange(pid, 0, Ordering::SeqCst, Ordering::SeqCst)
            .is_ok()
        {
            return;
        }
    }
}

fn kill_group(pid: u32) {
    #[cfg(unix)]
    if let Ok(pid) = i32::try_from(pid) {
        if pid > 0 {
            // SAFETY: kill has no memory effects; -pid names the group.
            unsafe {
                libc::kill(-pid, libc::SIGKILL);
            }
        }
    }
    #[cfg(not(unix))]
    let _ = pid;
}

/// Ends every registered engine group, then lets the signal do what it
/// would have done (the handler is reset to the default and the signal
/// raised again). Only async-signal-safe calls: atomics, kill, signal,
/// raise.
#[cfg(unix)]
extern "C" fn on_signal(signal: libc::c_int) {
    for slot in &GROUPS {
        let pid = slot.load(Ordering::SeqCst);
        if pid > 0 {
            // SAFETY: kill is async-signal-safe.
            unsafe {
                libc::kill(-pid, libc::SIGKILL);
            }
        }
    }
    // SAFETY: signal and raise are async-signal-safe.
    unsafe {
        libc::signal(signal, libc::SIG_DFL);
        libc::raise(signal);
    }
}

/// Installs [`on_signal`] for Ctrl-C (SIGINT), SIGTERM and SIGHUP, once;
/// a signal the harness was started with ignored (`nohup` ignores SIGHUP,
/// a shell without job control SIGINT for a background command) stays
/// ignored, as it would without engines.
#[cfg(unix)]
fn install_handler() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        for signal in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
            // SAFETY: reading the current action into a zeroed sigaction
            // (a null new action changes nothing); a zeroed sigaction with
            // a handler and an empty mask is a valid argument; on_signal
            // only makes async-signal-safe calls.
            unsafe {
                let mut current: libc::sigaction = std::mem::zeroed();
                if libc::sigaction(signal, std::ptr::null(), &mut current) == 0
                    && current.sa_sigaction == libc::SIG_IGN
                {
                    continue;
                }
                let mut action: libc::sigaction = std::mem::zeroed();
                action.sa_sigaction = on_signal as extern "C" fn(libc::c_int) as usize;
                libc::sigemptyset(&mut action.sa_mask);
                libc::sigaction(signal, &action, std::ptr::null_mut());
            }
        }
    });
}
