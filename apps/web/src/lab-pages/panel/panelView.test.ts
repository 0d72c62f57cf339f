import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { within } from '@testing-library/dom';
import { panelClientMessageSchema } from '@platform/contract';
import type { PanelClientMessage, PanelDevice, PanelServerMessage } from '@platform/contract';
import { createTranslator } from '../shared/i18n';
import type { LabLanguage } from '../shared/i18n';
import { parsePanelMessage } from './panelMessages';
import { PanelView, switchCoolDownMs } from './panelView';
import { sparklinePoints } from './sparkline';

const ts = Date.UTC(2026, 10, 20, 8, 30, 5);

const devices: PanelDevice[] = [
  {
    id: 'temp1',
    type: 'temperature',
    name: 'Room temperature',
    unit: '°C',
    value: 23.46,
    on: null,
    ts,
  },
  { id: 'hum1', type: 'humidity', name: 'Humidity', unit: '', value: null, on: null, ts: null },
  { id: 'fan1', type: 'fan', name: 'Fan', unit: '', value: null, on: false, ts },
  { id: 'lamp1', type: 'lamp', name: 'Desk lamp', unit: '', value: null, on: true, ts },
];

const snapshot = (extra: Partial<Extract<PanelServerMessage, { type: 'snapshot' }>> = {}) =>
  ({
    type: 'snapshot',
    labId: 'c42',
    topicPrefix: 'labs/c42',
    devices: devices.map((d) => ({ ...d })),
    readOnly: false,
    ...extra,
  }) satisfies PanelServerMessage;

let root: HTMLElement;

function setup({
  readOnly = false,
  connected = true,
  language = 'en-US',
}: { readOnly?: boolean; connected?: boolean; language?: LabLanguage } = {}) {
  const sent: PanelClientMessage[] = [];
  const send = vi.fn((message: PanelClientMessage) => {
    sent.push(panelClientMessageSchema.parse(message));
    return true;
  });
  const view = new PanelView(root, {
    t: createTranslator(language),
    language,
    envName: 'Smart home',
    readOnly,
    send,
  });
  view.setConnected(connected);
  const screen = within(root);
  const card = (name: string) => {
    const element = screen.getByRole('article', { name });
    return { element, ...within(element) };
  };
  return { view, send, sent, screen, card };
}

beforeEach(() => {
  root = document.createElement('div');
  document.body.append(root);
});
afterEach(() => {
  root.remove();
  vi.useRealTimers();
});

describe('PanelView', () => {
  it('waits for the snapshot, then renders one card per device', () => {
    const { view, screen, card } = setup();
    expect(screen.getByText('Waiting for the devices…')).toBeTruthy();
    view.handleMessage(snapshot());
    expect(screen.getAllByRole('article')).toHaveLength(4);

    const temp = card('Room temperature');
    expect(temp.getByText('23.5')).toBeTruthy();
    expect(temp.getByText('°C')).toBeTruthy();
    expect(temp.getByText('Temperature')).toBeTruthy();
    expect(temp.getByText('labs/c42/devices/temp1/telemetry')).toBeTruthy();
    expect(temp.getByText(/^Updated \d\d:\d\d:\d\d$/)).toBeTruthy();

    // No reading yet: a dash, the unit from the contract's ranges, "no data".
    const hum = card('Humidity');
    expect(hum.getByText('—')).toBeTruthy();
    expect(hum.getByText('%')).toBeTruthy();
    expect(hum.getByText('No data yet')).toBeTruthy();

    const fan = card('Fan');
    expect(fan.getByRole('switch', { name: 'Fan' }).getAttribute('aria-checked')).toBe('false');
    expect(fan.getByText('Off')).toBeTruthy();
    expect(fan.getByText('labs/c42/devices/fan1/set')).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Desk lamp' }).getAttribute('aria-checked')).toBe(
      'true',
    );
  });

  it('shows the topic prefix and how to subscribe from the lab shell', () => {
    const { view, screen } = setup();
    view.handleMessage(snapshot({ topicPrefix: 'labs/c42' }));
    expect(screen.getByText('labs/c42')).toBeTruthy();
    expect(
      screen.getByText(
        'mosquitto_sub -h 127.0.0.1 -u $MQTT_USERNAME -P $MQTT_PASSWORD -v -t "labs/c42/#"',
      ),
    ).toBeTruthy();
  });

  it('says so when the lab has no devices', () => {
    const { view, screen } = setup({ language: 'zh-CN' });
    view.handleMessage(snapshot({ devices: [] }));
    expect(screen.getByText('该实验没有模拟设备。')).toBeTruthy();
  });

  it('updates the value, the sparkline and the time on telemetry', () => {
    const { view, card } = setup();
    view.handleMessage(snapshot());
    const temp = card('Room temperature');
    const line = () => temp.element.querySelector('polyline')?.getAttribute('points') ?? '';

    view.handleMessage({ type: 'telemetry', id: 'temp1', value: 27.04, ts: ts + 2_000 });
    expect(temp.getByText('27')).toBeTruthy();
    expect(temp.queryByText('23.5')).toBeNull();
    expect(line().split(' ')).toHaveLength(2);
    expect(temp.getByRole('img', { name: 'Last 2 values' })).toBeTruthy();

    for (let i = 0; i < 40; i += 1) {
      view.handleMessage({ type: 'telemetry', id: 'temp1', value: 20 + i, ts: ts + 4_000 + i });
    }
    expect(temp.getByText('59')).toBeTruthy();
    expect(line().split(' ')).toHaveLength(30);

    // Unknown devices and telemetry for an actuator change nothing.
    view.handleMessage({ type: 'telemetry', id: 'nope', value: 1, ts });
    view.handleMessage({ type: 'telemetry', id: 'fan1', value: 1, ts });
    expect(card('Fan').queryByText('1')).toBeNull();
  });

  it('keeps the sparkline across a reconnect snapshot', () => {
    const { view, card } = setup();
    view.handleMessage(snapshot());
    view.handleMessage({ type: 'telemetry', id: 'temp1', value: 25, ts: ts + 1 });
    view.handleMessage(
      snapshot({ devices: [{ ...devices[0]!, value: 25, ts: ts + 1 }, ...devices.slice(1)] }),
    );
    expect(card('Room temperature').getByRole('img', { name: 'Last 2 values' })).toBeTruthy();
  });

  it('shows the state the device reports', () => {
    const { view, card } = setup();
    view.handleMessage(snapshot());
    view.handleMessage({ type: 'state', id: 'fan1', on: true, ts: ts + 1_000 });
    const fan = card('Fan');
    expect(fan.getByRole('switch', { name: 'Fan' }).getAttribute('aria-checked')).toBe('true');
    expect(fan.getByText('On')).toBeTruthy();
  });

  it('sends {type: "set"} on a click and ignores clicks during the 800 ms cool-down', () => {
    vi.useFakeTimers();
    const { view, sent, screen } = setup();
    view.handleMessage(snapshot());
    const fan = screen.getByRole('switch', { name: 'Fan' });

    fan.click();
    expect(sent).toEqual([{ type: 'set', id: 'fan1', on: true }]);
    // The switch shows the device's state, which has not changed yet.
    expect(fan.getAttribute('aria-checked')).toBe('false');
    expect(fan.getAttribute('aria-disabled')).toBe('true');

    vi.advanceTimersByTime(switchCoolDownMs - 1);
    fan.click();
    expect(sent).toHaveLength(1);

    view.handleMessage({ type: 'state', id: 'fan1', on: true, ts: ts + 500 });
    vi.advanceTimersByTime(1);
    expect(fan.getAttribute('aria-disabled')).toBeNull();
    fan.click();
    expect(sent).toEqual([
      { type: 'set', id: 'fan1', on: true },
      { type: 'set', id: 'fan1', on: false },
    ]);

    // The cool-down is per device.
    screen.getByRole('switch', { name: 'Desk lamp' }).click();
    expect(sent.at(-1)).toEqual({ type: 'set', id: 'lamp1', on: false });
  });

  it('does not start a cool-down when the command could not be sent', () => {
    const { view, send, screen } = setup();
    send.mockReturnValueOnce(false);
    view.handleMessage(snapshot());
    const fan = screen.getByRole('switch', { name: 'Fan' });
    fan.click();
    fan.click();
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('disables the switches and shows the badge when read-only by the page info', () => {
    const { view, send, screen } = setup({ readOnly: true });
    view.handleMessage(snapshot());
    expect(screen.getByText('Read-only').hidden).toBe(false);
    const fan = screen.getByRole<HTMLButtonElement>('switch', { name: 'Fan' });
    expect(fan.disabled).toBe(true);
    fan.click();
    fan.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(send).not.toHaveBeenCalled();
  });

  it('is read-only when the snapshot says so', () => {
    const { view, screen } = setup();
    expect(screen.getByText('Read-only').hidden).toBe(true);
    view.handleMessage(snapshot({ readOnly: true }));
    expect(screen.getByText('Read-only').hidden).toBe(false);
    for (const toggle of screen.getAllByRole('switch')) {
      expect((toggle as HTMLButtonElement).disabled).toBe(true);
    }
  });

  it('disables the switches while disconnected and enables them again', () => {
    const { view, send, screen } = setup();
    view.handleMessage(snapshot());
    view.setConnected(false);
    const fan = screen.getByRole<HTMLButtonElement>('switch', { name: 'Fan' });
    expect(fan.disabled).toBe(true);
    fan.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(send).not.toHaveBeenCalled();
    view.setConnected(true);
    expect(fan.disabled).toBe(false);
  });
});

describe('parsePanelMessage', () => {
  it('reads the server messages and drops what it does not understand', () => {
    expect(parsePanelMessage('{"type":"telemetry","id":"t","value":1.5,"ts":1}')).toEqual({
      type: 'telemetry',
      id: 't',
      value: 1.5,
      ts: 1,
    });
    expect(parsePanelMessage('{"type":"state","id":"f","on":true,"ts":1}')).toMatchObject({
      on: true,
    });
    expect(parsePanelMessage('not json')).toBeNull();
    expect(parsePanelMessage('{"type":"telemetry","id":"t","value":"hot","ts":1}')).toBeNull();
    expect(parsePanelMessage('{"type":"reboot"}')).toBeNull();
    const parsed = parsePanelMessage(
      JSON.stringify({
        type: 'snapshot',
        labId: 'c1',
        topicPrefix: 'labs/c1',
        readOnly: false,
        devices: [devices[0], { ...devices[2], type: 'teleporter' }, { id: 'x' }],
      }),
    );
    expect(parsed).toMatchObject({ type: 'snapshot', devices: [{ id: 'temp1' }] });
    expect(parsed?.type === 'snapshot' && parsed.devices).toHaveLength(1);
  });
});

describe('sparklinePoints', () => {
  it('puts the highest value at the top and the lowest at the bottom', () => {
    expect(sparklinePoints([0, 10, 5])).toBe('2,30 60,2 118,16');
    expect(sparklinePoints([3, 3])).toBe('2,16 118,16');
    expect(sparklinePoints([])).toBe('');
  });
});
