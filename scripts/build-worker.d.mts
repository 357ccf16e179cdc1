/** The worker's bundle (build-worker.mjs). */
export declare const WORKER_DIST: string;
export declare function workerBuildIsStale(): boolean;
export declare function buildWorker(): Promise<void>;
export declare function newestMtime(file: string): number;
