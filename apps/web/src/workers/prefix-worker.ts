import { handlePrefixMessage, type PrefixReply } from './prefix-messages';

/** The worker's global scope, as far as this worker uses it (the app compiles against the DOM library). */
interface WorkerScope {
  onmessage: ((event: MessageEvent) => void) | null;
  postMessage(message: PrefixReply): void;
}

const scope = self as unknown as WorkerScope;

// Started by workers/prefixes-client.ts with `new Worker(new URL(...), { type: 'module' })`.
scope.onmessage = (event) => {
  void handlePrefixMessage(event.data, fetch).then((reply) => {
    if (reply) scope.postMessage(reply);
  });
};
