/** Node's own options for the api process (apiNodeFlags.mjs). */
export declare const API_NODE_FLAGS: string[];
