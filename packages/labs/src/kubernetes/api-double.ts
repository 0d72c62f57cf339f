import { randomUUID } from 'node:crypto';
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { connect, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { SelfSubjectAccessReview } from 'kubernetes-models/authorization.k8s.io/v1';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { PersistentVolumeClaim, Pod } from 'kubernetes-models/v1';
import { WebSocketServer, type WebSocket } from 'ws';
import { endpointTarget, type LabSpec } from '../driver';
import { LocalDriver, type SandboxProcess } from '../local/local-driver';

/**
 * Test support: an in-process HTTP server speaking enough of the Kubernetes API for the
 * Kubernetes driver and `@kubernetes/client-node`. Its kubelet runs each pod's container with the
 * real LocalDriver, so shells, scripts, files and Jupyter are real.
 */

type Json = Record<string, unknown>;
interface KubeObject extends Json {
  metadata: {
    name: string;
    namespace?: string;
    uid?: string;
    resourceVersion?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
    deletionTimestamp?: string;
    [key: string]: unknown;
  };
}

interface ResourceKind {
  resource: 'pods' | 'persistentvolumeclaims' | 'networkpolicies';
  kind: string;
  apiVersion: string;
  validate: (body: Json) => void;
}

const kinds: Record<ResourceKind['resource'], ResourceKind> = {
  pods: {
    resource: 'pods',
    kind: 'Pod',
    apiVersion: 'v1',
    validate: (body) => new Pod(body).validate(),
  },
  persistentvolumeclaims: {
    resource: 'persistentvolumeclaims',
    kind: 'PersistentVolumeClaim',
    apiVersion: 'v1',
    validate: (body) => new PersistentVolumeClaim(body).validate(),
  },
  networkpolicies: {
    resource: 'networkpolicies',
    kind: 'NetworkPolicy',
    apiVersion: 'networking.k8s.io/v1',
    validate: (body) => new NetworkPolicy(body).validate(),
  },
};

interface WatchEvent {
  rv: number;
  type: 'ADDED' | 'MODIFIED' | 'DELETED';
  resource: ResourceKind['resource'];
  object: KubeObject;
}

interface Watcher {
  resource: ResourceKind['resource'];
  namespace: string;
  selector: string | null;
  res: ServerResponse;
}

interface RunningPod {
  labId: string;
  processes: Set<SandboxProcess>;
  proxy: Server | null;
}

export interface ApiDoubleOptions {
  /** Folder for the sandboxes' homes (the LocalDriver's root). */
  root: string;
  namespace: string;
  /** Which local runner runs a container image. */
  images: Record<string, LabSpec['runner']>;
  /** Watch events kept for watches that resume from a resourceVersion. */
  historyLimit?: number;
  /** Access reviews answered "denied", as `verb resource[/subresource]`. */
  denied?: string[];
}

export interface ValidatedObject {
  verb: 'create' | 'update' | 'patch';
  kind: string;
  name: string;
}

const dnsSubdomain = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

function status(code: number, reason: string, message: string, details?: Json): Json {
  return {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message,
    reason,
    ...(details ? { details } : {}),
    code,
  };
}

/** Equality-based label selectors: `a=b`, `a==b`, `a!=b`, `a`, `!a`, joined by commas. */
export function matchesSelector(labels: Record<string, string> = {}, selector: string | null) {
  if (!selector) return true;
  return selector.split(',').every((raw) => {
    const term = raw.trim();
    if (!term) return true;
    const ne = term.split('!=');
    if (ne.length === 2) return labels[ne[0]!.trim()] !== ne[1]!.trim();
    const eq = term.split(/==?/);
    if (eq.length === 2) return labels[eq[0]!.trim()] === eq[1]!.trim();
    if (term.startsWith('!')) return !(term.slice(1) in labels);
    return term in labels;
  });
}

function mergePatch(target: unknown, patch: unknown): unknown {
  if (patch === null || typeof patch !== 'object' || Array.isArray(patch)) return patch;
  const out: Json =
    target && typeof target === 'object' && !Array.isArray(target) ? { ...(target as Json) } : {};
  for (const [key, value] of Object.entries(patch as Json)) {
    if (value === null) delete out[key];
    else out[key] = mergePatch(out[key], value);
  }
  return out;
}

async function readBody(req: IncomingMessage): Promise<Json> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Json;
}

export class KubeApiDouble {
  /** Every request in arrival order, with the status answered once it is known. */
  readonly requests: { method: string; path: string; code: number | null }[] = [];
  readonly validated: ValidatedObject[] = [];
  readonly local: LocalDriver;
  private readonly server: Server;
  private readonly sockets = new WebSocketServer({
    noServer: true,
    handleProtocols: (protocols) =>
      ['v5.channel.k8s.io', 'v4.channel.k8s.io'].find((p) => protocols.has(p)) ?? false,
  });
  private readonly objects = new Map<string, KubeObject>();
  private history: WatchEvent[] = [];
  /** Watches from a resourceVersion below this are answered 410 Gone. */
  private oldestKept = 1;
  private version = 1;
  private readonly watchers = new Set<Watcher>();
  private readonly running = new Map<string, RunningPod>();
  private readonly connections = new Set<Duplex>();
  private readonly loopback = `127.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  private nextIp = 2;
  private held: (() => void)[] | null = null;
  private readonly historyLimit: number;
  url = '';

  constructor(private readonly options: ApiDoubleOptions) {
    this.local = new LocalDriver({ root: options.root });
    this.historyLimit = options.historyLimit ?? 1_000;
    this.server = createServer((req, res) => {
      const entry = {
        method: req.method ?? 'GET',
        path: req.url ?? '',
        code: null as number | null,
      };
      this.requests.push(entry);
      res.once('finish', () => (entry.code = res.statusCode));
      res.once('close', () => (entry.code ??= res.statusCode));
      this.handle(req, res).catch((error: unknown) => {
        if (!res.headersSent) this.send(res, 500, status(500, 'InternalError', String(error)));
      });
    });
    this.server.on('connection', (socket) => {
      this.connections.add(socket);
      socket.once('close', () => this.connections.delete(socket));
    });
    this.server.on('upgrade', (req, socket, head) => {
      this.requests.push({ method: 'UPGRADE', path: req.url ?? '', code: 101 });
      this.upgrade(req, socket, head);
    });
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    this.url = `http://127.0.0.1:${address.port}`;
    return this.url;
  }

  /** Forgets every watch event kept so far: a watch resuming from before now gets 410 Gone. */
  compact(): void {
    this.history = [];
    this.oldestKept = this.version + 1;
  }

  /** New watches wait unanswered until `releaseWatches`, as behind a network partition. */
  holdWatches(): void {
    this.held ??= [];
  }

  releaseWatches(): void {
    const held = this.held ?? [];
    this.held = null;
    for (const answer of held) answer();
  }

  /** Ends every open watch, as an API server does when it restarts or times a watch out. */
  endWatches(): void {
    for (const watcher of this.watchers) watcher.res.end();
    this.watchers.clear();
  }

  /** An object as the double holds it. */
  get(resource: ResourceKind['resource'], name: string): KubeObject | undefined {
    return this.objects.get(this.key(resource, this.options.namespace, name));
  }

  /** Puts an object in the store without any client, as another controller would. */
  seed(resource: ResourceKind['resource'], object: KubeObject): void {
    const stored = this.stamp(resource, object);
    this.objects.set(this.key(resource, this.options.namespace, stored.metadata.name), stored);
    this.emit('ADDED', resource, stored);
  }

  async close(): Promise<void> {
    this.endWatches();
    for (const name of [...this.running.keys()]) await this.stopPod(name);
    for (const client of this.sockets.clients) client.terminate();
    for (const socket of this.connections) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    await this.local.close();
  }

  private key(resource: string, namespace: string, name: string): string {
    return `${resource}/${namespace}/${name}`;
  }

  private send(res: ServerResponse, code: number, body: unknown): void {
    res.writeHead(code, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }

  private stamp(resource: ResourceKind['resource'], object: KubeObject): KubeObject {
    this.version += 1;
    const kind = kinds[resource];
    return {
      ...object,
      apiVersion: kind.apiVersion,
      kind: kind.kind,
      metadata: {
        ...object.metadata,
        namespace: this.options.namespace,
        uid: object.metadata.uid ?? randomUUID(),
        creationTimestamp: object.metadata.creationTimestamp ?? new Date().toISOString(),
        resourceVersion: String(this.version),
      },
    };
  }

  private emit(
    type: WatchEvent['type'],
    resource: ResourceKind['resource'],
    object: KubeObject,
  ): void {
    const event: WatchEvent = {
      rv: Number(object.metadata.resourceVersion),
      type,
      resource,
      object,
    };
    this.history.push(event);
    if (this.history.length > this.historyLimit) {
      const dropped = this.history.splice(0, this.history.length - this.historyLimit);
      this.oldestKept = dropped[dropped.length - 1]!.rv + 1;
    }
    for (const watcher of this.watchers) this.deliver(watcher, event);
  }

  private deliver(watcher: Watcher, event: WatchEvent): void {
    if (
      watcher.resource === event.resource &&
      watcher.namespace === event.object.metadata.namespace &&
      matchesSelector(event.object.metadata.labels, watcher.selector)
    ) {
      watcher.res.write(`${JSON.stringify({ type: event.type, object: event.object })}\n`);
    }
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://double');
    const parts = url.pathname.split('/').filter(Boolean);
    const method = req.method ?? 'GET';
    if (url.pathname === '/version' || url.pathname === '/version/') {
      return this.send(res, 200, { major: '1', minor: '31', gitVersion: 'v1.31.0-double' });
    }
    if (url.pathname === '/apis/authorization.k8s.io/v1/selfsubjectaccessreviews') {
      return this.review(req, res);
    }
    const namespaced =
      parts[0] === 'api' && parts[1] === 'v1'
        ? parts.slice(2)
        : parts[0] === 'apis' && parts[1] === 'networking.k8s.io' && parts[2] === 'v1'
          ? parts.slice(3)
          : null;
    if (!namespaced || namespaced[0] !== 'namespaces') {
      return this.send(res, 404, status(404, 'NotFound', 'the server could not find it'));
    }
    const namespace = namespaced[1];
    if (namespaced.length === 2 && method === 'GET') {
      if (namespace !== this.options.namespace) {
        return this.send(res, 404, status(404, 'NotFound', `namespaces "${namespace}" not found`));
      }
      return this.send(res, 200, {
        apiVersion: 'v1',
        kind: 'Namespace',
        metadata: { name: namespace, resourceVersion: '1' },
        status: { phase: 'Active' },
      });
    }
    const resource = namespaced[2] as ResourceKind['resource'];
    const kind = kinds[resource];
    const apiVersion = parts[0] === 'api' ? 'v1' : 'networking.k8s.io/v1';
    if (!kind || kind.apiVersion !== apiVersion || namespace !== this.options.namespace) {
      return this.send(res, 404, status(404, 'NotFound', 'the server could not find it'));
    }
    const name = namespaced[3];
    if (!name) {
      if (method === 'GET') return this.list(url, resource, namespace, res);
      if (method === 'POST') return this.create(req, resource, namespace, res);
      return this.send(res, 405, status(405, 'MethodNotAllowed', method));
    }
    const key = this.key(resource, namespace, name);
    const existing = this.objects.get(key);
    const notFound = () =>
      this.send(
        res,
        404,
        status(404, 'NotFound', `${resource} "${name}" not found`, { name, kind: resource }),
      );
    if (method === 'GET') return existing ? this.send(res, 200, existing) : notFound();
    if (method === 'DELETE') {
      if (!existing) return notFound();
      return this.send(res, 200, await this.remove(resource, key, existing));
    }
    if (method === 'PUT' || method === 'PATCH') {
      if (!existing) return notFound();
      const body = await readBody(req);
      const next = (method === 'PUT' ? body : mergePatch(existing, body)) as KubeObject;
      const asked =
        method === 'PUT' ? body.metadata && (body.metadata as Json).resourceVersion : '';
      if (asked && asked !== existing.metadata.resourceVersion) {
        return this.send(
          res,
          409,
          status(
            409,
            'Conflict',
            `Operation cannot be fulfilled on ${resource} "${name}": the object has been modified; please apply your changes to the latest version and try again`,
            { name, kind: resource },
          ),
        );
      }
      if (!this.validate(res, kind, method === 'PUT' ? 'update' : 'patch', next)) return;
      const stored = this.stamp(resource, {
        ...next,
        metadata: { ...next.metadata, name, uid: existing.metadata.uid },
        ...(resource === 'pods' ? { status: existing.status } : {}),
      });
      this.objects.set(key, stored);
      this.emit('MODIFIED', resource, stored);
      return this.send(res, 200, stored);
    }
    return this.send(res, 405, status(405, 'MethodNotAllowed', method));
  }

  private validate(
    res: ServerResponse,
    kind: ResourceKind,
    verb: ValidatedObject['verb'],
    body: Json,
  ): boolean {
    const name = (body.metadata as { name?: string } | undefined)?.name ?? '';
    try {
      if (body.kind !== kind.kind || body.apiVersion !== kind.apiVersion) {
        throw new Error(`kind ${String(body.kind)} ${String(body.apiVersion)} is not ${kind.kind}`);
      }
      kind.validate(body);
      if (name.length > 253 || !dnsSubdomain.test(name)) {
        throw new Error(`metadata.name "${name}" is not a lowercase RFC 1123 subdomain`);
      }
    } catch (error) {
      this.send(
        res,
        422,
        status(422, 'Invalid', `${kind.kind} "${name}" is invalid: ${(error as Error).message}`, {
          name,
          kind: kind.kind,
        }),
      );
      return false;
    }
    this.validated.push({ verb, kind: kind.kind, name });
    return true;
  }

  private list(
    url: URL,
    resource: ResourceKind['resource'],
    namespace: string,
    res: ServerResponse,
  ): void {
    const selector = url.searchParams.get('labelSelector');
    const watch = url.searchParams.get('watch');
    if (watch === 'true' || watch === '1') {
      if (this.held) {
        this.held.push(() => this.watch(url, resource, namespace, res));
        return;
      }
      return this.watch(url, resource, namespace, res);
    }
    const items = [...this.objects.entries()]
      .filter(([key]) => key.startsWith(`${resource}/${namespace}/`))
      .map(([, object]) => object)
      .filter((object) => matchesSelector(object.metadata.labels, selector));
    this.send(res, 200, {
      apiVersion: kinds[resource].apiVersion,
      kind: `${kinds[resource].kind}List`,
      metadata: { resourceVersion: String(this.version) },
      items,
    });
  }

  private watch(
    url: URL,
    resource: ResourceKind['resource'],
    namespace: string,
    res: ServerResponse,
  ): void {
    const watcher: Watcher = {
      resource,
      namespace,
      selector: url.searchParams.get('labelSelector'),
      res,
    };
    res.writeHead(200, { 'content-type': 'application/json', 'transfer-encoding': 'chunked' });
    res.flushHeaders();
    const from = url.searchParams.get('resourceVersion');
    if (from && from !== '0' && Number(from) + 1 < this.oldestKept) {
      res.end(
        `${JSON.stringify({
          type: 'ERROR',
          object: status(410, 'Expired', `too old resource version: ${from} (${this.oldestKept})`),
        })}\n`,
      );
      return;
    }
    if (!from || from === '0') {
      for (const [key, object] of this.objects) {
        if (key.startsWith(`${resource}/${namespace}/`)) {
          this.deliver(watcher, { rv: 0, type: 'ADDED', resource, object });
        }
      }
    } else {
      for (const event of this.history) {
        if (event.rv > Number(from)) this.deliver(watcher, event);
      }
    }
    this.watchers.add(watcher);
    res.once('close', () => this.watchers.delete(watcher));
  }

  private async create(
    req: IncomingMessage,
    resource: ResourceKind['resource'],
    namespace: string,
    res: ServerResponse,
  ): Promise<void> {
    const body = (await readBody(req)) as KubeObject;
    const kind = kinds[resource];
    if (!this.validate(res, kind, 'create', body)) return;
    const name = body.metadata.name;
    const key = this.key(resource, namespace, name);
    if (this.objects.has(key)) {
      return this.send(
        res,
        409,
        status(409, 'AlreadyExists', `${resource} "${name}" already exists`, {
          name,
          kind: resource,
        }),
      );
    }
    const { status: _ignored, ...rest } = body;
    void _ignored;
    let stored = this.stamp(resource, rest);
    if (resource === 'pods') {
      stored = {
        ...stored,
        status: {
          phase: 'Pending',
          conditions: [{ type: 'PodScheduled', status: 'True' }],
        },
      };
    }
    if (resource === 'persistentvolumeclaims') {
      stored = { ...stored, status: { phase: 'Bound' } };
    }
    this.objects.set(key, stored);
    this.emit('ADDED', resource, stored);
    this.send(res, 201, stored);
    if (resource === 'pods') void this.runPod(name);
  }

  private update(resource: ResourceKind['resource'], name: string, change: Json): KubeObject {
    const key = this.key(resource, this.options.namespace, name);
    const current = this.objects.get(key)!;
    const next = this.stamp(resource, { ...current, ...change });
    this.objects.set(key, next);
    this.emit('MODIFIED', resource, next);
    return next;
  }

  private async remove(
    resource: ResourceKind['resource'],
    key: string,
    existing: KubeObject,
  ): Promise<KubeObject> {
    const name = existing.metadata.name;
    if (existing.metadata.deletionTimestamp) return existing;
    if (resource === 'persistentvolumeclaims') {
      const inUse = [...this.objects.entries()].some(
        ([k, pod]) => k.startsWith('pods/') && this.claimOf(pod) === name,
      );
      if (inUse) {
        return this.update(resource, name, {
          metadata: { ...existing.metadata, deletionTimestamp: new Date().toISOString() },
        });
      }
      await this.local.remove(name);
    }
    if (resource === 'pods') {
      const marked = this.update(resource, name, {
        metadata: {
          ...existing.metadata,
          deletionTimestamp: new Date().toISOString(),
          deletionGracePeriodSeconds: 30,
        },
      });
      void this.stopPod(name).then(() => this.finishDelete(resource, key));
      return marked;
    }
    this.finishDelete(resource, key);
    return existing;
  }

  private finishDelete(resource: ResourceKind['resource'], key: string): void {
    const current = this.objects.get(key);
    if (!current) return;
    this.objects.delete(key);
    this.version += 1;
    const gone = {
      ...current,
      metadata: { ...current.metadata, resourceVersion: String(this.version) },
    };
    this.emit('DELETED', resource, gone);
    if (resource === 'pods') {
      const claim = this.claimOf(current);
      const pvc = claim ? this.get('persistentvolumeclaims', claim) : undefined;
      if (claim && pvc?.metadata.deletionTimestamp) {
        void this.local
          .remove(claim)
          .then(() =>
            this.finishDelete(
              'persistentvolumeclaims',
              this.key('persistentvolumeclaims', this.options.namespace, claim),
            ),
          );
      }
    }
  }

  private claimSize(claim: string): string {
    const spec = this.get('persistentvolumeclaims', claim)?.spec as
      { resources?: { requests?: { storage?: string } } } | undefined;
    return spec?.resources?.requests?.storage ?? '10Gi';
  }

  private claimOf(pod: KubeObject): string | null {
    const volumes = ((pod.spec as Json | undefined)?.volumes ?? []) as Json[];
    for (const volume of volumes) {
      const claim = volume.persistentVolumeClaim as { claimName?: string } | undefined;
      if (claim?.claimName) return claim.claimName;
    }
    return null;
  }

  /** The kubelet: runs the pod's first container in a LocalDriver sandbox. */
  private async runPod(name: string): Promise<void> {
    const pod = this.get('pods', name);
    if (!pod) return;
    const container = ((pod.spec as Json).containers as Json[])[0]!;
    const runner = this.options.images[String(container.image)];
    const claim = this.claimOf(pod);
    const waiting = (reason: string, message: string) =>
      this.get('pods', name) &&
      this.update('pods', name, {
        status: {
          phase: 'Pending',
          conditions: [
            { type: 'PodScheduled', status: 'True' },
            { type: 'Ready', status: 'False' },
          ],
          containerStatuses: [
            {
              name: String(container.name),
              image: String(container.image),
              imageID: '',
              ready: false,
              restartCount: 0,
              state: { waiting: { reason, message } },
            },
          ],
        },
      });
    if (!runner) {
      waiting('ErrImagePull', `image ${String(container.image)} cannot be pulled`);
      return;
    }
    if (!claim || !this.get('persistentvolumeclaims', claim)) {
      waiting('ContainerCreating', `persistentvolumeclaim "${claim}" not found`);
      return;
    }
    const env: Record<string, string> = {};
    for (const item of (container.env ?? []) as { name: string; value?: string }[]) {
      env[item.name] = item.value ?? '';
    }
    const limits = ((container.resources as Json | undefined)?.limits ?? {}) as Record<
      string,
      string
    >;
    const running: RunningPod = { labId: claim, processes: new Set(), proxy: null };
    this.running.set(name, running);
    try {
      await this.local.start({
        id: claim,
        runner,
        resources: {
          cpuCore: parseCpu(limits.cpu ?? '1'),
          memorySize: parseBytes(limits.memory ?? '1Gi') / 1024 ** 3,
          diskSize: parseBytes(this.claimSize(claim)) / 1024 ** 3,
        },
        initialFiles: [],
        env,
      });
    } catch (error) {
      this.running.delete(name);
      if (this.get('pods', name)) {
        this.update('pods', name, {
          status: {
            phase: 'Failed',
            message: (error as Error).message,
            reason: 'Error',
            conditions: [{ type: 'Ready', status: 'False' }],
          },
        });
      }
      return;
    }
    const current = this.get('pods', name);
    if (!current || current.metadata.deletionTimestamp || this.running.get(name) !== running) {
      return;
    }
    const podIP = `${this.loopback}.${this.nextIp++}`;
    if (runner === 'jupyter') running.proxy = await this.jupyterProxy(running, podIP, env);
    this.update('pods', name, {
      status: {
        phase: 'Running',
        podIP,
        podIPs: [{ ip: podIP }],
        startTime: new Date().toISOString(),
        conditions: [
          { type: 'PodScheduled', status: 'True' },
          { type: 'Initialized', status: 'True' },
          { type: 'ContainersReady', status: 'True' },
          { type: 'Ready', status: 'True' },
        ],
        containerStatuses: [
          {
            name: String(container.name),
            image: String(container.image),
            imageID: String(container.image),
            ready: true,
            started: true,
            restartCount: 0,
            state: { running: { startedAt: new Date().toISOString() } },
          },
        ],
      },
    });
  }

  /** Ends a pod's container as if its process died (not a deletion). */
  async crashPod(name: string, reason: string): Promise<void> {
    await this.stopPod(name);
    this.update('pods', name, {
      status: {
        phase: 'Failed',
        reason,
        message: `the container exited: ${reason}`,
        conditions: [{ type: 'Ready', status: 'False' }],
      },
    });
  }

  private async stopPod(name: string): Promise<void> {
    const running = this.running.get(name);
    if (!running) return;
    this.running.delete(name);
    for (const process of running.processes) process.kill();
    await new Promise<void>((resolve) =>
      running.proxy ? running.proxy.close(() => resolve()) : resolve(),
    );
    running.proxy?.closeAllConnections();
    await this.local.stop(running.labId);
  }

  /** Port 8888 on the pod's address: requests without the pod's own secret are refused. */
  private async jupyterProxy(
    running: RunningPod,
    podIP: string,
    env: Record<string, string>,
  ): Promise<Server> {
    const expected = env.LAB_GATEWAY_SECRET;
    const upstream = () => this.local.http(running.labId);
    const allowed = (req: IncomingMessage) =>
      Boolean(expected) && req.headers['x-lab-secret'] === expected;
    const server = createServer((req, res) => {
      const target = upstream();
      if (!allowed(req) || !target) {
        res.writeHead(403).end('forbidden');
        return;
      }
      const headers = {
        ...req.headers,
        [target.secretHeader.name.toLowerCase()]: target.secretHeader.value,
      };
      const forward = httpRequest(
        { ...endpointTarget(target), method: req.method, path: req.url, headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      forward.on('error', () => res.writeHead(502).end());
      req.pipe(forward);
    });
    server.on('upgrade', (req, socket, head) => {
      const target = upstream();
      if (!allowed(req) || !target || !('socketPath' in target)) {
        socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
        return;
      }
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) {
        if (req.rawHeaders[i]!.toLowerCase() === 'x-lab-secret') continue;
        lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      }
      lines.push(`${target.secretHeader.name}: ${target.secretHeader.value}`);
      const inner: Socket = connect(target.socketPath, () => {
        inner.write(`${lines.join('\r\n')}\r\n\r\n`);
        if (head.length) inner.write(head);
        inner.pipe(socket);
        socket.pipe(inner);
      });
      inner.on('error', () => socket.destroy());
      socket.on('error', () => inner.destroy());
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(8888, podIP, resolve);
    });
    return server;
  }

  private async review(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req);
    try {
      new SelfSubjectAccessReview(body as never).validate();
    } catch (error) {
      return this.send(res, 422, status(422, 'Invalid', (error as Error).message));
    }
    const attributes = ((body.spec as Json).resourceAttributes ?? {}) as Record<
      string,
      string | undefined
    >;
    const what = `${attributes.verb} ${attributes.resource}${
      attributes.subresource ? `/${attributes.subresource}` : ''
    }`;
    const allowed =
      attributes.namespace === this.options.namespace && !this.options.denied?.includes(what);
    this.send(res, 201, { ...body, status: { allowed, ...(allowed ? {} : { reason: 'denied' }) } });
  }

  private upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(req.url ?? '/', 'http://double');
    const match = /^\/api\/v1\/namespaces\/([^/]+)\/pods\/([^/]+)\/exec$/.exec(url.pathname);
    const refuse = (code: number, text: string) => {
      socket.end(`HTTP/1.1 ${code} ${text}\r\ncontent-length: 0\r\n\r\n`);
    };
    if (!match || match[1] !== this.options.namespace) return refuse(404, 'Not Found');
    const running = this.running.get(match[2]!);
    const pod = this.get('pods', match[2]!);
    if (!running || !pod || (pod.status as Json).phase !== 'Running') {
      return refuse(400, 'Bad Request');
    }
    const command = url.searchParams.getAll('command');
    const tty = url.searchParams.get('tty') === 'true';
    this.sockets.handleUpgrade(req, socket, head, (ws) => {
      this.exec(ws, running, command, tty);
    });
  }

  private exec(ws: WebSocket, running: RunningPod, command: string[], tty: boolean): void {
    let process: SandboxProcess;
    try {
      process = this.local.spawnIn(running.labId, command, { tty });
    } catch (error) {
      ws.send(
        Buffer.concat([
          Buffer.from([3]),
          Buffer.from(JSON.stringify(status(500, 'InternalError', String(error)))),
        ]),
      );
      ws.close();
      return;
    }
    running.processes.add(process);
    const out = (channel: number) => (data: Buffer) => {
      if (ws.readyState === ws.OPEN) ws.send(Buffer.concat([Buffer.from([channel]), data]));
    };
    process.onStdout(out(1));
    process.onStderr(out(2));
    process.onExit((code) => {
      running.processes.delete(process);
      const exit = code ?? 137;
      const result =
        exit === 0
          ? { metadata: {}, status: 'Success' }
          : {
              metadata: {},
              status: 'Failure',
              message: `command terminated with non-zero exit code: error executing command [${command.join(' ')}], exit code ${exit}`,
              reason: 'NonZeroExitCode',
              details: { causes: [{ reason: 'ExitCode', message: String(exit) }] },
            };
      out(3)(Buffer.from(JSON.stringify(result)));
      ws.close();
    });
    ws.on('message', (data: Buffer, binary) => {
      const frame = binary ? data : Buffer.from(data.toString());
      const channel = frame[0];
      const payload = frame.subarray(1);
      if (channel === 0) process.write(payload);
      else if (channel === 4) {
        const size = JSON.parse(payload.toString()) as { Width: number; Height: number };
        process.resize(size.Width, size.Height);
      } else if (channel === 255 && payload[0] === 0) process.endInput();
    });
    ws.on('close', () => process.kill());
  }
}

function parseCpu(value: string): number {
  return value.endsWith('m') ? Number(value.slice(0, -1)) / 1000 : Number(value);
}

const units: Record<string, number> = {
  Ki: 1024,
  Mi: 1024 ** 2,
  Gi: 1024 ** 3,
  Ti: 1024 ** 4,
  k: 1e3,
  M: 1e6,
  G: 1e9,
};

function parseBytes(value: string): number {
  const match = /^([0-9.]+)([A-Za-z]*)$/.exec(value);
  if (!match) return 1024 ** 3;
  return Number(match[1]) * (units[match[2]!] ?? 1);
}
