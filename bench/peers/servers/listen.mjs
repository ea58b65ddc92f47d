// Shared by the servers: the port to listen on and how the runner learns the bound one.

/** Listens with `listen(port, host)`, then tells the runner the port (over IPC, or on stdout). */
export async function announce(port) {
  if (process.send) process.send({ port });
  else console.log(`listening on 127.0.0.1:${port}`);
}

/** The port the runner asked for (0: any free port). */
export const PORT = Number(process.env.PORT ?? 0);
export const HOST = '127.0.0.1';
