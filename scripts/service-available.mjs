// Exits 0 when a server accepts TCP connections at the URL's host and port (postgres:// or redis://).
import net from 'node:net';

const DEFAULT_PORTS = { 'postgres:': 5432, 'postgresql:': 5432, 'redis:': 6379 };
const url = new URL(process.argv[2] ?? '');
const socket = net.connect({ host: url.hostname, port: Number(url.port || DEFAULT_PORTS[url.protocol]) });
socket.setTimeout(2000);
socket.on('connect', () => {
  socket.end();
  process.exit(0);
});
socket.on('timeout', () => process.exit(1));
socket.on('error', () => process.exit(1));
