// Exits 0 when a PostgreSQL server accepts TCP connections at the given URL's host and port.
import net from 'node:net';

const url = new URL(process.argv[2] ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const socket = net.connect({ host: url.hostname, port: Number(url.port || 5432) });
socket.setTimeout(2000);
socket.on('connect', () => {
  socket.end();
  process.exit(0);
});
socket.on('timeout', () => process.exit(1));
socket.on('error', () => process.exit(1));
