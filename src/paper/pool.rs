//! Tasks on a few threads, results in the tasks' order: the paper
//! protocols' runs and the frontier's. Each task is computed alone and the
//! results are put back in order, so the numbers never depend on the
//! number of threads.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use crate::error::Result;

/// `f` on every task, on `threads` threads (at least one, at most one a
/// task), results in the tasks' order. The first error stops the handing
/// out of tasks (the other results are moot) and is returned.
/// `progress(done, total)` is called as tasks end.
pub fn parallel<T: Sync, R: Send>(
    tasks: &[T],
    threads: usize,
    f: &(dyn Fn(&T) -> Result<R> + Sync),
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<Vec<R>> {
    let next = AtomicUsize::new(0);
    let done = Mutex::new(Vec::with_capacity(tasks.len()));
    let failure = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, tasks.len().max(1)) {
            scope.spawn(|| loop {
                let k = next.fetch_add(1, Ordering::Relaxed);
                let Some(task) = tasks.get(k) else { break };
                match f(task) {
                    Ok(result) => {
                        let mut done = done.lock().unwrap();
                        done.push((k, result));
                        progress(done.len(), tasks.len());
                    }
                    Err(e) => {
                        failure.lock().unwrap().get_or_insert(e);
                        next.store(tasks.len(), Ordering::Relaxed);
                    }
                }
            });
        }
    });
    if let Some(e) = failure.into_inner().unwrap() {
        return Err(e);
    }
    let mut done = done.into_inner().unwrap();
    done.sort_by_key(|&(k, _)| k);
    Ok(done.into_iter().map(|(_, r)| r).collect())
}
