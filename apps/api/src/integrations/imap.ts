import net from 'node:net';
import tls from 'node:tls';

export interface ImapCheckInput {
  host: string;
  port: number;
  /** true: implicit TLS (ssl); false: plain connection upgraded with STARTTLS (tls). */
  secure: boolean;
  user: string;
  password: string;
}

export type ImapCheckResult = 'ok' | 'bad_credentials' | 'unreachable';
export type ImapChecker = (input: ImapCheckInput) => Promise<ImapCheckResult>;

/** IMAP quoted string; null when the value cannot be sent as one. */
function quote(value: string): string | null {
  if (/[\r\n\0]/.test(value)) return null;
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

interface LineReader {
  next(): Promise<string>;
}

function lineReader(socket: net.Socket): LineReader {
  let buffer = '';
  const lines: string[] = [];
  let waiting: { resolve: (line: string) => void; reject: (e: Error) => void } | null = null;
  let failure: Error | null = null;
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    let index = buffer.indexOf('\r\n');
    while (index >= 0) {
      lines.push(buffer.slice(0, index));
      buffer = buffer.slice(index + 2);
      index = buffer.indexOf('\r\n');
    }
    if (waiting && lines.length) {
      const w = waiting;
      waiting = null;
      w.resolve(lines.shift() as string);
    }
  });
  const fail = (error: Error) => {
    failure = error;
    if (waiting) {
      const w = waiting;
      waiting = null;
      w.reject(error);
    }
  };
  socket.on('error', fail);
  socket.on('close', () => fail(new Error('connection closed')));
  return {
    next() {
      if (lines.length) return Promise.resolve(lines.shift() as string);
      if (failure) return Promise.reject(failure);
      return new Promise((resolve, reject) => {
        waiting = { resolve, reject };
      });
    },
  };
}

async function tagged(reader: LineReader, tag: string): Promise<string> {
  for (;;) {
    const line = await reader.next();
    if (line.startsWith(`${tag} `)) return line.slice(tag.length + 1);
  }
}

export interface ImapCheckerOptions {
  timeoutMs?: number;
  /** Extra trusted certificate authorities (tests with a self-signed server). */
  ca?: string | Buffer;
}

function tlsOptions(host: string, ca: string | Buffer | undefined): tls.ConnectionOptions {
  return { ...(net.isIP(host) ? {} : { servername: host }), ...(ca ? { ca } : {}) };
}

function connect(input: ImapCheckInput, timeoutMs: number, ca: string | Buffer | undefined): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = input.secure
      ? tls.connect({ host: input.host, port: input.port, ...tlsOptions(input.host, ca) })
      : net.connect({ host: input.host, port: input.port });
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error('timeout')));
    socket.once(input.secure ? 'secureConnect' : 'connect', () => resolve(socket));
    socket.once('error', reject);
  });
}

/**
 * The live credential check: connects to the IMAP server and tries LOGIN
 * (after STARTTLS when not on implicit TLS). Nothing else is read or changed.
 */
export function liveImapChecker(options: ImapCheckerOptions = {}): ImapChecker {
  const timeoutMs = options.timeoutMs ?? 10_000;
  return async (input) => {
    const user = quote(input.user);
    const password = quote(input.password);
    if (!user || !password) return 'bad_credentials';
    let socket: net.Socket | null = null;
    try {
      socket = await connect(input, timeoutMs, options.ca);
      let reader = lineReader(socket);
      const greeting = await reader.next();
      if (!greeting.startsWith('* OK')) return 'unreachable';
      if (!input.secure) {
        socket.write('a0 STARTTLS\r\n');
        if (!(await tagged(reader, 'a0')).startsWith('OK')) return 'unreachable';
        socket.removeAllListeners('data');
        socket.removeAllListeners('close');
        socket.removeAllListeners('error');
        const plain: net.Socket = socket;
        socket = await new Promise<net.Socket>((resolve, reject) => {
          const secured = tls.connect({ socket: plain, ...tlsOptions(input.host, options.ca) }, () => resolve(secured));
          secured.once('error', reject);
        });
        socket.setTimeout(timeoutMs, () => socket?.destroy(new Error('timeout')));
        reader = lineReader(socket);
      }
      socket.write(`a1 LOGIN ${user} ${password}\r\n`);
      const answer = await tagged(reader, 'a1');
      socket.write('a2 LOGOUT\r\n');
      return answer.startsWith('OK') ? 'ok' : 'bad_credentials';
    } catch {
      return 'unreachable';
    } finally {
      socket?.destroy();
    }
  };
}
