import { isSensor, labTopics, sensorRanges } from '@platform/contract';
import type { PanelClientMessage, PanelDevice, PanelServerMessage } from '@platform/contract';
import { h } from '../shared/dom';
import { deviceTypeKey } from '../shared/i18n';
import type { LabLanguage, Translate } from '../shared/i18n';
import { createReadOnlyBadge } from '../shared/pageChrome';
import { createSparkline } from './sparkline';

/** Spec platform §4 and §9: the switch widget's cool-down. */
export const switchCoolDownMs = 800;
export const sparklineValues = 30;

export interface PanelViewOptions {
  t: Translate;
  language: LabLanguage;
  envName: string;
  /** Sends a command; returns false when it could not go out (disconnected). */
  send: (message: PanelClientMessage) => boolean;
  /** Read-only by the page info; a snapshot can make the panel read-only too. */
  readOnly: boolean;
  /** Shown at the end of the header (the connection state). */
  headerExtras?: Node[];
  /** Shown under the header (the network notice). */
  notice?: Node;
  coolDownMs?: number;
  historySize?: number;
  now?: () => number;
}

interface Entry {
  device: PanelDevice;
  card: HTMLElement;
  updated: HTMLElement;
  number?: HTMLElement;
  sparkline?: ReturnType<typeof createSparkline>;
  toggle?: HTMLButtonElement;
  stateText?: HTMLElement;
}

/**
 * The IoT device simulation panel: a card per device, sensors with their live value and a
 * sparkline, actuators with an on/off switch that sends `{type: 'set'}`. The switch shows what
 * the device reports (a `state` message), not what was clicked.
 */
export class PanelView {
  private readonly entries = new Map<string, Entry>();
  private readonly histories = new Map<string, { values: number[]; ts: number | null }>();
  private readonly coolingUntil = new Map<string, number>();
  private readonly badge: HTMLElement;
  private readonly topics: HTMLElement;
  private readonly grid: HTMLElement;
  private readonly page: HTMLElement;
  private readonly t: Translate;
  private readonly now: () => number;
  private readonly coolDownMs: number;
  private readonly historySize: number;
  private readonly numberFormat: Intl.NumberFormat;
  private readonly timeFormat: Intl.DateTimeFormat;
  private snapshotReadOnly = false;
  private connected = false;
  private labId = '';
  private topicPrefix = '';

  constructor(
    root: HTMLElement,
    private readonly options: PanelViewOptions,
  ) {
    this.t = options.t;
    this.now = options.now ?? (() => Date.now());
    this.coolDownMs = options.coolDownMs ?? switchCoolDownMs;
    this.historySize = options.historySize ?? sparklineValues;
    this.numberFormat = new Intl.NumberFormat(options.language, { maximumFractionDigits: 1 });
    this.timeFormat = new Intl.DateTimeFormat(options.language, {
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    this.badge = createReadOnlyBadge(this.t);
    this.topics = h('section', { className: 'lab-panel-topics' });
    this.topics.hidden = true;
    this.grid = h('div', { className: 'lab-panel-grid' }, [
      h('p', { className: 'lab-panel-empty', text: this.t('panel.waiting') }),
    ]);
    this.page = h('div', { className: 'lab-panel-page' }, [
      h('header', { className: 'lab-panel-header' }, [
        h('h1', { className: 'lab-panel-header__title', text: options.envName }),
        this.badge,
        h('span', { className: 'lab-panel-header__spacer' }),
        ...(options.headerExtras ?? []),
      ]),
      options.notice,
      h('main', { className: 'lab-panel-main' }, [this.topics, this.grid]),
    ]);
    root.replaceChildren(this.page);
    this.applyReadOnly();
  }

  get readOnly(): boolean {
    return this.options.readOnly || this.snapshotReadOnly;
  }

  setConnected(connected: boolean): void {
    this.connected = connected;
    this.page.classList.toggle('lab-panel-page--stale', !connected);
    for (const entry of this.entries.values()) this.renderControl(entry);
  }

  handleMessage(message: PanelServerMessage): void {
    switch (message.type) {
      case 'snapshot':
        this.renderSnapshot(message);
        break;
      case 'telemetry': {
        const entry = this.entries.get(message.id);
        if (!entry || !isSensor(entry.device.type)) return;
        entry.device.value = message.value;
        entry.device.ts = message.ts;
        this.record(message.id, message.value, message.ts);
        this.renderSensor(entry);
        break;
      }
      case 'state': {
        const entry = this.entries.get(message.id);
        if (!entry || isSensor(entry.device.type)) return;
        entry.device.on = message.on;
        entry.device.ts = message.ts;
        this.renderControl(entry);
        break;
      }
    }
  }

  private renderSnapshot(snapshot: Extract<PanelServerMessage, { type: 'snapshot' }>): void {
    this.snapshotReadOnly = snapshot.readOnly;
    this.labId = snapshot.labId;
    this.topicPrefix = snapshot.topicPrefix || labTopics.root(snapshot.labId);
    this.renderTopics();
    this.applyReadOnly();

    const ids = new Set(snapshot.devices.map((d) => d.id));
    for (const id of this.histories.keys()) if (!ids.has(id)) this.histories.delete(id);
    this.entries.clear();
    const cards: HTMLElement[] = [];
    snapshot.devices.forEach((device, index) => {
      const entry = this.createCard({ ...device }, index);
      if (isSensor(device.type)) {
        // After a reconnect the snapshot repeats the last reading: keep the line as it was.
        const seen = this.histories.get(device.id)?.ts === device.ts && device.ts !== null;
        if (device.value !== null && !seen) this.record(device.id, device.value, device.ts);
        this.renderSensor(entry);
      } else {
        this.renderControl(entry);
      }
      this.entries.set(device.id, entry);
      cards.push(entry.card);
    });
    if (cards.length === 0) {
      this.grid.replaceChildren(
        h('p', { className: 'lab-panel-empty', text: this.t('panel.empty') }),
      );
    } else {
      this.grid.replaceChildren(...cards);
    }
  }

  private renderTopics(): void {
    const command = `mosquitto_sub -h 127.0.0.1 -u $MQTT_USERNAME -P $MQTT_PASSWORD -v -t "${this.topicPrefix}/#"`;
    this.topics.replaceChildren(
      h('p', { className: 'lab-panel-topics__prefix' }, [
        `${this.t('panel.topicPrefix')}: `,
        h('code', { text: this.topicPrefix }),
      ]),
      h('p', { className: 'lab-panel-topics__hint', text: this.t('panel.subscribeHint') }),
      h('pre', { className: 'lab-panel-topics__command' }, [h('code', { text: command })]),
    );
    this.topics.hidden = false;
  }

  private createCard(device: PanelDevice, index: number): Entry {
    const sensor = isSensor(device.type);
    const titleId = `lab-device-${index}`;
    const updated = h('p', { className: 'lab-device__updated' });
    const topic = this.deviceTopic(device);
    const entry: Entry = {
      device,
      updated,
      card: h('article', {
        className: `lab-device lab-device--${sensor ? 'sensor' : 'actuator'}`,
        attrs: { 'aria-labelledby': titleId, 'data-device-id': device.id },
      }),
    };
    const head = h('div', { className: 'lab-device__head' }, [
      h('h2', { className: 'lab-device__name', text: device.name, attrs: { id: titleId } }),
      h('span', { className: 'lab-device__type', text: this.t(deviceTypeKey(device.type)) }),
    ]);
    let body: HTMLElement;
    if (sensor) {
      const unit = device.unit || (isSensor(device.type) ? sensorRanges[device.type].unit : '');
      entry.number = h('span', { className: 'lab-device__number', text: '—' });
      entry.sparkline = createSparkline(this.t('panel.trend', { count: 0 }));
      body = h('div', { className: 'lab-device__body' }, [
        h('p', { className: 'lab-device__value' }, [
          entry.number,
          unit && h('span', { className: 'lab-device__unit', text: unit }),
        ]),
        entry.sparkline.element,
      ]);
    } else {
      entry.stateText = h('span', { className: 'lab-device__state' });
      entry.toggle = h('button', {
        className: 'lab-switch',
        attrs: {
          type: 'button',
          role: 'switch',
          'aria-checked': 'false',
          'aria-label': device.name,
        },
      });
      entry.toggle.append(
        h('span', { className: 'lab-switch__knob', attrs: { 'aria-hidden': 'true' } }),
      );
      entry.toggle.addEventListener('click', () => this.toggle(device.id));
      body = h('div', { className: 'lab-device__body' }, [entry.stateText, entry.toggle]);
    }
    entry.card.append(
      head,
      body,
      updated,
      h('p', { className: 'lab-device__topic' }, [
        `${this.t('panel.topic')}: `,
        h('code', { text: topic }),
      ]),
    );
    this.renderUpdated(entry);
    return entry;
  }

  /** The topic a student uses for this device: telemetry to read, command to switch. */
  private deviceTopic(device: PanelDevice): string {
    const topic = isSensor(device.type)
      ? labTopics.telemetry(this.labId, device.id)
      : labTopics.command(this.labId, device.id);
    return this.topicPrefix + topic.slice(labTopics.root(this.labId).length);
  }

  private toggle(id: string): void {
    const entry = this.entries.get(id);
    if (!entry?.toggle || this.readOnly || !this.connected) return;
    const now = this.now();
    if (now < (this.coolingUntil.get(id) ?? 0)) return;
    if (!this.options.send({ type: 'set', id, on: entry.device.on !== true })) return;
    this.coolingUntil.set(id, now + this.coolDownMs);
    this.renderControl(entry);
    setTimeout(() => {
      const current = this.entries.get(id);
      if (current) this.renderControl(current);
    }, this.coolDownMs);
  }

  private record(id: string, value: number, ts: number | null): void {
    const history = this.histories.get(id) ?? { values: [], ts: null };
    history.values.push(value);
    history.ts = ts;
    const extra = history.values.length - this.historySize;
    if (extra > 0) history.values.splice(0, extra);
    this.histories.set(id, history);
  }

  private renderSensor(entry: Entry): void {
    const { value } = entry.device;
    if (entry.number) entry.number.textContent = value === null ? '—' : this.formatValue(value);
    const values = this.histories.get(entry.device.id)?.values ?? [];
    entry.sparkline?.update(values, this.t('panel.trend', { count: values.length }));
    this.renderUpdated(entry);
  }

  private renderControl(entry: Entry): void {
    const { toggle, stateText, device } = entry;
    if (!toggle || !stateText) return;
    toggle.setAttribute('aria-checked', device.on === true ? 'true' : 'false');
    toggle.disabled = this.readOnly || !this.connected;
    const cooling = this.now() < (this.coolingUntil.get(device.id) ?? 0);
    if (cooling) toggle.setAttribute('aria-disabled', 'true');
    else toggle.removeAttribute('aria-disabled');
    stateText.textContent = this.t(
      device.on === null ? 'panel.unknown' : device.on ? 'panel.on' : 'panel.off',
    );
    entry.card.dataset.on = device.on === null ? 'unknown' : String(device.on);
    this.renderUpdated(entry);
  }

  private renderUpdated(entry: Entry): void {
    const { ts } = entry.device;
    entry.updated.textContent =
      ts === null
        ? this.t('panel.noData')
        : this.t('panel.updatedAt', { time: this.formatTime(ts) });
  }

  private applyReadOnly(): void {
    this.badge.hidden = !this.readOnly;
    for (const entry of this.entries.values()) this.renderControl(entry);
  }

  private formatValue(value: number): string {
    return this.numberFormat.format(value);
  }

  /** Milliseconds since the epoch; a value in seconds is taken as seconds. */
  private formatTime(ts: number): string {
    return this.timeFormat.format(new Date(ts < 1e12 ? ts * 1000 : ts));
  }
}
