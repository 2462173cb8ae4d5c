/**
 * A small wrapper around `xstate/graph` for path tests, so the tests do not depend on
 * the graph API directly (it is still evolving). Test-only; not exported from the package.
 *
 * - `exploreMachine` walks the machine with the given events plus the completion,
 *   failure and delay events of its own invoked actors and `after` transitions, and
 *   returns the shortest path to every reachable snapshot, the atomic states reached
 *   and the atomic states declared.
 * - `replayPath` drives the real actor (createActor) through one path's events, its
 *   invoked actors being controllable promises: a done/error step resolves/rejects the
 *   actor's promise, a delay step advances the (fake) clock. Each step returns the live
 *   snapshot and the events the actor emitted. Tests assert what the behaviour must be
 *   (the domain's rules, the effects) on those live snapshots: comparing them with the
 *   graph's prediction would compare the machine with itself.
 */
import type {
  AnyMachineSnapshot,
  AnyStateMachine,
  EventObject,
  SnapshotFrom,
  StateValue,
} from 'xstate';
import { createActor, fromPromise } from 'xstate';
import type { StatePath } from 'xstate/graph';
import { getShortestPaths } from 'xstate/graph';

interface StateNodeLike {
  path: string[];
  type: string;
  states: Record<string, StateNodeLike>;
  invoke: Array<{ id: string; src: unknown }>;
  after: Array<{ eventType: string; delay: unknown }>;
}

function allNodes(machine: AnyStateMachine): StateNodeLike[] {
  const out: StateNodeLike[] = [];
  const walk = (node: StateNodeLike) => {
    out.push(node);
    for (const child of Object.values(node.states)) walk(child);
  };
  walk(machine.root as unknown as StateNodeLike);
  return out;
}

/** Dotted paths of every atomic or final state declared in the machine. */
export function declaredLeafStates(machine: AnyStateMachine): string[] {
  return allNodes(machine)
    .filter(
      (node) =>
        node.path.length > 0 && node.type !== 'history' && Object.keys(node.states).length === 0,
    )
    .map((node) => node.path.join('.'));
}

/** Dotted paths of the atomic states active in a state value. */
export function activeLeafStates(value: StateValue, prefix: string[] = []): string[] {
  if (typeof value === 'string') return [[...prefix, value].join('.')];
  return Object.entries(value).flatMap(([key, child]) =>
    child === undefined ? [] : activeLeafStates(child, [...prefix, key]),
  );
}

/** invoke id → src name, for every invoke with a named source. */
function invokeSources(machine: AnyStateMachine): Map<string, string> {
  const map = new Map<string, string>();
  for (const node of allNodes(machine)) {
    for (const def of node.invoke) {
      if (typeof def.src !== 'string')
        throw new Error(`machinePaths: invoke "${def.id}" needs a named src`);
      map.set(def.id, def.src);
    }
  }
  return map;
}

function delayMs(machine: AnyStateMachine, eventType: string): number {
  for (const node of allNodes(machine)) {
    for (const def of node.after) {
      if (def.eventType !== eventType) continue;
      if (typeof def.delay === 'number') return def.delay;
      const named =
        typeof def.delay === 'string' ? machine.implementations.delays[def.delay] : undefined;
      if (typeof named === 'number') return named;
      throw new Error(`machinePaths: the delay of "${eventType}" is not a fixed number`);
    }
  }
  throw new Error(`machinePaths: no delayed transition sends "${eventType}"`);
}

export interface ExploreOptions {
  /** Events sent from outside (the UI, the app). */
  events: EventObject[];
  /** Possible outputs of each invoked actor, keyed by src name (one done event each). */
  actorOutputs?: Record<string, unknown[]>;
  /** Possible failures of each invoked actor, keyed by src name (one error event each). */
  actorErrors?: Record<string, unknown[]>;
  input?: unknown;
  /** Which part of the context distinguishes snapshots (default: the whole context). */
  serializeContext?: (context: never) => unknown;
}

export interface Exploration {
  paths: Array<StatePath<SnapshotFrom<AnyStateMachine>, EventObject>>;
  reachedLeafStates: string[];
  declaredLeafStates: string[];
}

export function exploreMachine(machine: AnyStateMachine, options: ExploreOptions): Exploration {
  const internal: EventObject[] = [];
  for (const [id, src] of invokeSources(machine)) {
    for (const output of options.actorOutputs?.[src] ?? [undefined]) {
      internal.push({ type: `xstate.done.actor.${id}`, output } as EventObject);
    }
    for (const error of options.actorErrors?.[src] ?? [new Error(`${src} failed`)]) {
      internal.push({ type: `xstate.error.actor.${id}`, error } as EventObject);
    }
  }
  for (const node of allNodes(machine)) {
    for (const def of node.after) internal.push({ type: def.eventType });
  }
  const events = [...options.events, ...internal];
  const serializeContext = options.serializeContext ?? ((context: unknown) => context);
  const paths = getShortestPaths(machine, {
    events,
    input: options.input,
    serializeState: (snapshot) =>
      JSON.stringify({
        value: snapshot.value,
        context: (serializeContext as (context: unknown) => unknown)(snapshot.context),
      }),
    serializeEvent: (event) => JSON.stringify(event),
  } as Parameters<typeof getShortestPaths<AnyStateMachine>>[1]) as Exploration['paths'];
  const reached = new Set(paths.flatMap((path) => activeLeafStates(path.state.value)));
  return {
    paths,
    reachedLeafStates: [...reached].sort(),
    declaredLeafStates: declaredLeafStates(machine).sort(),
  };
}

export interface ReplayOptions {
  input?: unknown;
  /** Advances the fake clock and flushes promise callbacks (vi.advanceTimersByTimeAsync). */
  advanceTime: (ms: number) => Promise<unknown>;
}

export interface ReplayedStep {
  event: EventObject;
  /** The live actor's snapshot after the event. */
  snapshot: AnyMachineSnapshot;
  /** Events the live actor emitted (emit actions) during this step. */
  emitted: EventObject[];
}

export async function replayPath(
  machine: AnyStateMachine,
  path: StatePath<SnapshotFrom<AnyStateMachine>, EventObject>,
  options: ReplayOptions,
): Promise<ReplayedStep[]> {
  const sources = invokeSources(machine);
  const pending = new Map<
    string,
    { resolve: (v: unknown) => void; reject: (e: unknown) => void }
  >();
  const actors: Record<string, ReturnType<typeof fromPromise>> = {};
  for (const src of new Set(sources.values())) {
    actors[src] = fromPromise(
      () =>
        new Promise((resolve, reject) => {
          pending.set(src, { resolve, reject });
        }),
    );
  }
  const actor = createActor(machine.provide({ actors }), { input: options.input });
  let emitted: EventObject[] = [];
  actor.on('*', (event: EventObject) => {
    emitted.push(event);
  });
  actor.start();
  const steps: ReplayedStep[] = [];
  const control = (id: string) => {
    const src = sources.get(id);
    const deferred = src === undefined ? undefined : pending.get(src);
    if (!src || !deferred) throw new Error(`replayPath: actor "${id}" is not running`);
    pending.delete(src);
    return deferred;
  };
  try {
    for (const step of path.steps) {
      const { event } = step;
      if (event.type === 'xstate.init') {
        // the initial snapshot: nothing to send
      } else if (event.type.startsWith('xstate.done.actor.')) {
        control(event.type.slice('xstate.done.actor.'.length)).resolve(
          (event as { output?: unknown }).output,
        );
        await options.advanceTime(0);
      } else if (event.type.startsWith('xstate.error.actor.')) {
        control(event.type.slice('xstate.error.actor.'.length)).reject(
          (event as { error?: unknown }).error,
        );
        await options.advanceTime(0);
      } else if (event.type.startsWith('xstate.after.')) {
        await options.advanceTime(delayMs(machine, event.type));
      } else {
        actor.send(event);
        await options.advanceTime(0);
      }
      steps.push({ event, snapshot: actor.getSnapshot() as AnyMachineSnapshot, emitted });
      emitted = [];
    }
  } finally {
    actor.stop();
  }
  return steps;
}
