/** How the worker is started (workerNodeFlags.mjs). */
export declare const WORKER_ENTRY: string;
export declare const WORKER_NODE_FLAGS: string[];
