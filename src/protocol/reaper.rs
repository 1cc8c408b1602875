//! Nothing an engine started outlives its run, however it detached.
//!
//! A process group reaches only the helpers that stay in the engine's
//! group; a helper that calls `setsid()` (or `setpgid()`) leaves it, and
//! one that ignores SIGTERM would outlive a polite stop. So, on Linux, the
//! harness makes itself a *child subreaper* before its first engine
//! starts (`prctl(PR_SET_CHILD_SUBREAPER)`): a helper whose parent exits
//! is then adopted by the harness instead of by init, and stays within
//! reach. Ending an engine (`kill_tree`) kills, with SIGKILL (which no
//! process can ignore), every descendant of the engine found by walking
//! `/proc` (each process's parent), whatever its session or group; the
//! end of the run ([`sweep`]) kills every descendant of the harness that
//! is left (the helpers adopted after their parent exited) and reaps
//! them. Elsewhere than Linux both are no-ops and the process-group kill
//! of `process.rs` is what ends an engine.

/// Makes this process the subreaper of its descendants, once (Linux).
pub(crate) fn become_subreaper() {
    #[cfg(target_os = "linux")]
    {
        static ONCE: std::sync::Once = std::sync::Once::new();
        ONCE.call_once(|| {
            // SAFETY: prctl with PR_SET_CHILD_SUBREAPER only sets a flag
            // of this process.
            unsafe {
                libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
            }
        });
    }
}

/// The parent of every process now visible in `/proc`: (pid, parent).
#[cfg(target_os = "linux")]
fn parents() -> Vec<(i32, i32)> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    let mut found = Vec::new();
    for entry in entries.flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|name| name.parse::<i32>().ok())
        else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
            continue;
        };
        // `pid (name) state ppid ...`: the name may hold spaces and `)`.
        let parent = stat
            .rsplit_once(')')
            .and_then(|(_, rest)| rest.split_whitespace().nth(1))
            .and_then(|word| word.parse::<i32>().ok());
        if let Some(parent) = parent {
            found.push((pid, parent));
        }
    }
    found
}

/// Every descendant of `root` (not `root` itself), parents before
/// children.
#[cfg(target_os = "linux")]
fn descendants(root: i32) -> Vec<i32> {
    let table = parents();
    let mut found = vec![root];
    let mut next = 0;
    while next < found.len() {
        let parent = found[next];
        next += 1;
        for &(pid, of) in &table {
            if of == parent && !found.contains(&pid) {
                found.push(pid);
            }
        }
    }
    found.remove(0);
    found
}

/// Kills every descendant of the engine `pid` with SIGKILL, stopping
/// each first (SIGSTOP) so that none forks again meanwhile; the engine
/// itself is left to its owner (which kills and reaps it). Helpers that
/// are already orphans of a dead parent are the harness's children now
/// (the subreaper), and [`sweep`] ends them.
pub(crate) fn kill_tree(pid: u32) {
    #[cfg(target_os = "linux")]
    {
        let Ok(root) = i32::try_from(pid) else { return };
        if root <= 0 {
            return;
        }
        // Twice: a helper forked while the first walk ran is found by
        // the second.
        for _ in 0..2 {
            let found = descendants(root);
            if found.is_empty() {
                break;
            }
            for &pid in &found {
                // SAFETY: kill has no memory effects.
                unsafe {
                    libc::kill(pid, libc::SIGSTOP);
                }
            }
            for &pid in &found {
                // SAFETY: as above.
                unsafe {
                    libc::kill(pid, libc::SIGKILL);
                }
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = pid;
}

/// Kills every descendant of the harness that is left, then reaps those
/// that were adopted by it (the subreaper), so that none stays behind, not
/// even as a zombie. Called at the end of a run (`main`) and when a run
/// ends at once ([`super::process::end_all_engines`]), when no process
/// the harness started is still wanted.
pub fn sweep() {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: getpid has no effects.
        let me = unsafe { libc::getpid() };
        for _ in 0..2 {
            let table = parents();
            let mut found: Vec<i32> = table
                .iter()
                .filter(|&&(_, parent)| parent == me)
                .map(|&(pid, _)| pid)
                .collect();
            if found.is_empty() {
                break;
            }
            let mut next = 0;
            while next < found.len() {
                let parent = found[next];
                next += 1;
                for &(pid, of) in &table {
                    if of == parent && !found.contains(&pid) {
                        found.push(pid);
                    }
                }
            }
            for &pid in &found {
                // SAFETY: kill has no memory effects.
                unsafe {
                    libc::kill(pid, libc::SIGKILL);
                }
            }
            for &(pid, parent) in &table {
                if parent == me && found.contains(&pid) {
                    // SAFETY: pid is a child of this process; at the end
                    // of the run no `Child` waits for it any more, and the
                    // status is not needed.
                    unsafe {
                        libc::waitpid(pid, std::ptr::null_mut(), 0);
                    }
                }
            }
        }
    }
}
