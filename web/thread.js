// A thread of gridtour: this same program, started on the page's shared
// memory, runs the work it is handed (see src/platform/web.rs).
import init, { gridtour_thread } from './gridtour.js';

// As deep as the searches recurse on the largest boards.
const STACK_BYTES = 8 << 20;

self.onmessage = async (event) => {
  const [module, memory, work] = event.data;
  const exports = await init({ module_or_path: module, memory, thread_stack_size: STACK_BYTES });
  gridtour_thread(work);
  // The thread's stack and locals go back to the shared memory.
  if (exports.__wbindgen_thread_destroy) {
    exports.__wbindgen_thread_destroy();
  }
  self.close();
};
