/** Paths the server answers itself; every other GET belongs to the web app. */
const SERVER_PREFIXES = ['/api/', '/webhooks/', '/sandbox/', '/socket.io/', '/admin/queues', '/calendar/'];

export const isServerPath = (path: string) => SERVER_PREFIXES.some((prefix) => path.startsWith(prefix));
