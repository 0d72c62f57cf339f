import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  AuthorizationV1Api,
  CoreV1Api,
  Exec,
  makeInformer,
  NetworkingV1Api,
  VersionApi,
  type Informer,
  type KubeConfig,
  type ObjectCache,
  type V1Pod,
} from '@kubernetes/client-node';
import {
  LabError,
  type ExecRequest,
  type ExecResult,
  type HostReport,
  type HttpEndpoint,
  type LabDriver,
  type LabErrorInfo,
  type LabFiles,
  type LabSpec,
  type LabStatus,
  type TerminalSession,
} from '../driver';
import { clusterEnforced, clusterHostReport } from './cluster-checks';
import { ExecTerminal, runScript, type ExecTarget } from './exec';
import { listFiles, readFile, writeFile } from './files';
import {
  buildClaim,
  buildPod,
  buildPolicy,
  jupyterPort,
  labels,
  managedSelector,
  names,
  secretHeaderName,
  specHashAnnotation,
  type ObjectOptions,
} from './objects';
import { httpCode, ignoreNotFound, viewOf, type PodView } from './pod-view';

export { httpCode, viewOf } from './pod-view';

export interface KubernetesDriverOptions extends ObjectOptions {
  kubeConfig: KubeConfig;
  replayBytes?: number;
  /** How long a pod may take to become ready (image pulls included). */
  readyTimeoutMs?: number;
}

interface LabRecord {
  spec: LabSpec;
  status: LabStatus;
  secret: string | null;
  shell: ExecTerminal | null;
  starting: Promise<LabStatus> | null;
  /** Set while the driver itself stops the lab. */
  stopping: boolean;
}

function statusOf(id: string, state: LabStatus['state'], error: LabErrorInfo | null = null) {
  return {
    id,
    state,
    error,
    enforced: clusterEnforced,
    notes: [],
    startedAt: null,
  } satisfies LabStatus;
}

/** Runs each lab as a Pod with its own PersistentVolumeClaim and NetworkPolicy. */
export class KubernetesDriver implements LabDriver {
  readonly name = 'kubernetes';
  private readonly core: CoreV1Api;
  private readonly networking: NetworkingV1Api;
  private readonly authorization: AuthorizationV1Api;
  private readonly version: VersionApi;
  private readonly execApi: Exec;
  private readonly informer: Informer<V1Pod> & ObjectCache<V1Pod>;
  private informerStarted: Promise<void> | null = null;
  private closed = false;
  private readonly records = new Map<string, LabRecord>();
  private readonly listeners = new Set<(status: LabStatus) => void>();
  private readonly podWaiters = new Set<() => void>();
  private readonly replayBytes: number;

  constructor(private readonly options: KubernetesDriverOptions) {
    const kc = options.kubeConfig;
    this.core = kc.makeApiClient(CoreV1Api);
    this.networking = kc.makeApiClient(NetworkingV1Api);
    this.authorization = kc.makeApiClient(AuthorizationV1Api);
    this.version = kc.makeApiClient(VersionApi);
    this.execApi = new Exec(kc);
    this.replayBytes = options.replayBytes ?? 64 * 1024;
    const namespace = options.namespace;
    this.informer = makeInformer(
      kc,
      `/api/v1/namespaces/${namespace}/pods`,
      () => this.core.listNamespacedPod({ namespace, labelSelector: managedSelector }),
      managedSelector,
    );
    this.informer.on('add', (pod) => this.observe(pod, false));
    this.informer.on('update', (pod) => this.observe(pod, false));
    this.informer.on('delete', (pod) => this.observe(pod, true));
    this.informer.on('error', () => {
      if (this.closed) return;
      setTimeout(() => {
        if (!this.closed) void this.informer.start().catch(() => {});
      }, 1_000).unref();
    });
  }

  /** Starts the one shared pod informer; resolves once its first list is in the cache. */
  watchPods(): Promise<void> {
    this.informerStarted ??= this.informer.start();
    return this.informerStarted;
  }

  private pod(id: string): V1Pod | undefined {
    return this.informer.get(names.pod(id), this.options.namespace);
  }

  private emit(status: LabStatus): void {
    for (const listener of this.listeners) listener(status);
  }

  private setState(record: LabRecord, state: LabStatus['state'], error: LabErrorInfo | null) {
    record.status = {
      ...record.status,
      state,
      error,
      startedAt: state === 'running' ? (record.status.startedAt ?? new Date()) : null,
    };
    this.emit(record.status);
  }

  /** Follows the cluster: pods deleted or failing behind the driver's back show it. */
  private observe(pod: V1Pod, gone: boolean): void {
    for (const wake of [...this.podWaiters]) wake();
    const id = pod.metadata?.labels?.[labels.id];
    const record = id ? this.records.get(id) : undefined;
    if (!record || record.stopping || record.starting) return;
    if (gone) {
      if (record.status.state !== 'stopping') this.setState(record, 'stopping', null);
      record.shell?.close();
      this.records.delete(record.spec.id);
      this.setState(record, 'stopped', null);
      return;
    }
    const view = viewOf(pod);
    if (view.kind === 'deleting' && record.status.state === 'running') {
      this.setState(record, 'stopping', null);
    } else if (view.kind === 'failed' && record.status.state !== 'failed') {
      this.setState(record, 'failed', {
        key: 'labs.start_failed',
        params: { reason: view.reason },
      });
    }
  }

  /** Resolves once the informer's copy of the pod satisfies `done` (undefined: no pod). */
  private waitPod<T>(
    id: string,
    done: (pod: V1Pod | undefined) => T | null,
    timeoutMs: number,
  ): Promise<T> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const result = done(this.pod(id));
        if (result === null) return false;
        finish();
        resolve(result);
        return true;
      };
      const finish = () => {
        clearTimeout(timer);
        this.podWaiters.delete(wake);
      };
      const wake = () => void check();
      const timer = setTimeout(() => {
        finish();
        reject(new LabError({ key: 'labs.terminal_timeout' }));
      }, timeoutMs);
      this.podWaiters.add(wake);
      check();
    });
  }

  async host(): Promise<HostReport> {
    return clusterHostReport(this.name, {
      core: this.core,
      authorization: this.authorization,
      version: this.version,
      namespace: this.options.namespace,
      images: this.options.images,
    });
  }

  async start(spec: LabSpec): Promise<LabStatus> {
    const current = this.records.get(spec.id);
    if (current?.starting) return current.starting;
    if (current && current.status.state === 'running') return current.status;
    if (current) await this.stop(spec.id);
    const record: LabRecord = {
      spec,
      status: statusOf(spec.id, 'starting'),
      secret: null,
      shell: null,
      starting: null,
      stopping: false,
    };
    this.records.set(spec.id, record);
    this.emit(record.status);
    record.starting = this.bringUp(record).then(
      () => {
        record.starting = null;
        this.setState(record, 'running', null);
        return record.status;
      },
      (error: unknown) => {
        record.starting = null;
        const info =
          error instanceof LabError
            ? error.info
            : { key: 'labs.start_failed' as const, params: { reason: String(error) } };
        this.setState(record, 'failed', info);
        throw error;
      },
    );
    return record.starting;
  }

  private async bringUp(record: LabRecord): Promise<void> {
    const { spec } = record;
    const { namespace } = this.options;
    await this.watchPods();
    const claim = buildClaim(spec, this.options);
    // A claim left from an earlier run holds the lab's home: it is adopted as it is.
    const newHome = await this.core
      .createNamespacedPersistentVolumeClaim({ namespace, body: claim })
      .then(
        () => true,
        (error: unknown) => {
          if (httpCode(error) !== 409) throw error;
          return false;
        },
      );
    // A policy left from an earlier run may be an older one: it is replaced.
    const policy = buildPolicy(spec, this.options);
    const policies = { namespace, name: policy.metadata!.name! };
    const policyCreated = await this.networking
      .createNamespacedNetworkPolicy({ namespace, body: policy })
      .then(
        () => true,
        (error: unknown) => {
          if (httpCode(error) !== 409) throw error;
          return false;
        },
      );
    if (!policyCreated) {
      await this.networking.deleteNamespacedNetworkPolicy(policies).catch(ignoreNotFound);
      await this.networking.createNamespacedNetworkPolicy({ namespace, body: policy });
    }
    record.secret = spec.runner === 'jupyter' ? randomBytes(24).toString('hex') : null;
    const pod = buildPod(spec, this.options, record.secret);
    const created = await this.core.createNamespacedPod({ namespace, body: pod }).then(
      () => true,
      (error: unknown) => {
        if (httpCode(error) !== 409) throw error;
        return false;
      },
    );
    if (!created && !(await this.adoptPod(record, pod))) {
      await this.deletePod(spec.id);
      await this.core.createNamespacedPod({ namespace, body: pod });
    }
    const timeout = this.options.readyTimeoutMs ?? 120_000;
    let appeared = false;
    const view = await this.waitPod(
      spec.id,
      (found): PodView | null => {
        if (!found) {
          return appeared ? { kind: 'failed', reason: 'the pod was deleted while starting' } : null;
        }
        appeared = true;
        const seen = viewOf(found);
        return seen.kind === 'ready' || seen.kind === 'failed' ? seen : null;
      },
      timeout,
    );
    if (view.kind === 'failed') {
      throw new LabError({ key: 'labs.start_failed', params: { reason: view.reason } });
    }
    await this.writeInitialFiles(record, newHome);
  }

  /**
   * A pod left from an earlier run of the platform is kept when it was built from the same spec
   * and is not going away; its secret is read back from its environment.
   */
  private async adoptPod(record: LabRecord, wanted: V1Pod): Promise<boolean> {
    const found = await this.core
      .readNamespacedPod({ name: wanted.metadata!.name!, namespace: this.options.namespace })
      .catch((error: unknown) => {
        if (httpCode(error) === 404) return null;
        throw error;
      });
    if (!found) return false;
    const hash = found.metadata?.annotations?.[specHashAnnotation];
    const seen = viewOf(found);
    if (hash !== wanted.metadata?.annotations?.[specHashAnnotation]) return false;
    if (seen.kind === 'deleting' || seen.kind === 'failed') return false;
    const secret =
      found.spec?.containers[0]?.env?.find((e) => e.name === 'LAB_GATEWAY_SECRET')?.value ?? null;
    if (record.spec.runner === 'jupyter' && !secret) return false;
    record.secret = secret;
    return true;
  }

  /**
   * A new home gets the lab's initial files. An adopted one keeps what it has, unless it holds
   * nothing but what programs keep in dot files: then the run that made it stopped before
   * writing them.
   */
  private async writeInitialFiles(record: LabRecord, newHome: boolean): Promise<void> {
    const target = this.target(record.spec.id);
    if (!newHome && (await listFiles(target, '')).some((f) => !f.name.startsWith('.'))) return;
    for (const file of record.spec.initialFiles) {
      const content = Buffer.from(file.content);
      await writeFile(target, file.path, Readable.from([content]), Math.max(1, content.length));
    }
  }

  private target(id: string): ExecTarget {
    return { exec: this.execApi, namespace: this.options.namespace, pod: names.pod(id) };
  }

  /** Deletes the lab's pod and resolves once the informer has seen it go. */
  private async deletePod(id: string): Promise<void> {
    await this.core
      .deleteNamespacedPod({ name: names.pod(id), namespace: this.options.namespace })
      .catch(ignoreNotFound);
    await this.waitPod(id, (pod) => (pod ? null : true), 120_000);
  }

  async stop(id: string): Promise<void> {
    await this.watchPods();
    const record = this.records.get(id);
    if (!record) {
      if (this.pod(id)) await this.deletePod(id);
      return;
    }
    if (record.starting) await record.starting.catch(() => {});
    record.stopping = true;
    this.setState(record, 'stopping', null);
    record.shell?.close();
    record.shell = null;
    await this.deletePod(id);
    record.secret = null;
    this.setState(record, 'stopped', null);
    this.records.delete(id);
  }

  async reset(spec: LabSpec): Promise<void> {
    await this.stop(spec.id);
    await this.deleteHome(spec.id);
  }

  private async deleteHome(id: string): Promise<void> {
    const { namespace } = this.options;
    const name = names.claim(id);
    await this.core
      .deleteNamespacedPersistentVolumeClaim({ name, namespace })
      .catch(ignoreNotFound);
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      const gone = await this.core.readNamespacedPersistentVolumeClaim({ name, namespace }).then(
        () => false,
        (e: unknown) => {
          if (httpCode(e) === 404) return true;
          throw e;
        },
      );
      if (gone) return;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new LabError({ key: 'labs.terminal_timeout' });
  }

  /** The labs with a home claim or a pod in the namespace, by their id label. */
  async stored(): Promise<string[]> {
    const { namespace } = this.options;
    const claims = await this.core.listNamespacedPersistentVolumeClaim({
      namespace,
      labelSelector: managedSelector,
    });
    const ids = new Set<string>();
    for (const item of [...claims.items, ...this.informer.list(namespace)]) {
      const id = item.metadata?.labels?.[labels.id];
      if (id) ids.add(id);
    }
    return [...ids];
  }

  async remove(id: string): Promise<void> {
    await this.stop(id);
    await this.networking
      .deleteNamespacedNetworkPolicy({ name: names.policy(id), namespace: this.options.namespace })
      .catch(ignoreNotFound);
    await this.deleteHome(id);
  }

  /** Answered from the informer's cache and the driver's own records; never asks the API. */
  status(id: string): LabStatus | null {
    const record = this.records.get(id);
    if (record) return record.status;
    const pod = this.pod(id);
    if (!pod) return null;
    const view = viewOf(pod);
    const state =
      view.kind === 'ready'
        ? 'running'
        : view.kind === 'deleting'
          ? 'stopping'
          : view.kind === 'failed'
            ? 'failed'
            : 'starting';
    return statusOf(
      id,
      state,
      view.kind === 'failed' ? { key: 'labs.start_failed', params: { reason: view.reason } } : null,
    );
  }

  watch(listener: (status: LabStatus) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private running(id: string): LabRecord {
    const record = this.records.get(id);
    if (!record || record.status.state !== 'running') {
      throw new LabError({ key: 'labs.not_running' });
    }
    return record;
  }

  terminal(id: string): TerminalSession {
    const record = this.running(id);
    if (record.spec.runner !== 'terminal') throw new LabError({ key: 'labs.not_running' });
    if (!record.shell || record.shell.exited) {
      record.shell = new ExecTerminal(id, this.target(id), this.replayBytes);
    }
    return record.shell;
  }

  async exec(id: string, request: ExecRequest): Promise<ExecResult> {
    this.running(id);
    return runScript(this.target(id), request);
  }

  http(id: string): HttpEndpoint | null {
    const record = this.records.get(id);
    if (!record || record.status.state !== 'running' || !record.secret) return null;
    const view = this.pod(id) && viewOf(this.pod(id)!);
    if (!view || view.kind !== 'ready' || !view.ip) return null;
    return {
      host: view.ip,
      port: jupyterPort,
      secretHeader: { name: secretHeaderName, value: record.secret },
    };
  }

  readonly files: LabFiles = {
    list: (id, path) => listFiles(this.target(this.running(id).spec.id), path),
    read: (id, path) => readFile(this.target(this.running(id).spec.id), path),
    write: (id, path, data, maxBytes) =>
      writeFile(this.target(this.running(id).spec.id), path, data, maxBytes),
  };

  /**
   * Ends the driver's shells and its watch. Labs go on running in the cluster: the platform
   * starts again the labs it wants running, and `start` adopts their pods.
   */
  async close(): Promise<void> {
    this.closed = true;
    for (const record of this.records.values()) record.shell?.close();
    this.records.clear();
    await this.informer.stop();
  }
}
