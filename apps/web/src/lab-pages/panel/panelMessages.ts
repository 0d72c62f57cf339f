import { deviceTypes } from '@platform/contract';
import type { DeviceType, PanelDevice, PanelServerMessage } from '@platform/contract';

type Json = Record<string, unknown>;

/**
 * Reads one frame of the panel socket. Checked by hand (zod would weigh more than the page);
 * anything unexpected is dropped, and devices of a type this page does not know are skipped.
 */
export function parsePanelMessage(data: string | ArrayBuffer): PanelServerMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(typeof data === 'string' ? data : new TextDecoder().decode(data));
  } catch {
    return null;
  }
  if (!isJson(value)) return null;
  switch (value.type) {
    case 'snapshot': {
      const { labId, topicPrefix, devices, readOnly } = value;
      if (typeof labId !== 'string' || typeof topicPrefix !== 'string') return null;
      if (!Array.isArray(devices)) return null;
      return {
        type: 'snapshot',
        labId,
        topicPrefix,
        readOnly: readOnly === true,
        devices: devices.map(parseDevice).filter((d): d is PanelDevice => d !== null),
      };
    }
    case 'telemetry': {
      const { id, value: reading, ts } = value;
      if (typeof id !== 'string' || !isFiniteNumber(reading) || !isFiniteNumber(ts)) return null;
      return { type: 'telemetry', id, value: reading, ts };
    }
    case 'state': {
      const { id, on, ts } = value;
      if (typeof id !== 'string' || typeof on !== 'boolean' || !isFiniteNumber(ts)) return null;
      return { type: 'state', id, on, ts };
    }
    default:
      return null;
  }
}

function parseDevice(value: unknown): PanelDevice | null {
  if (!isJson(value)) return null;
  const { id, type, name, unit, value: reading, on, ts } = value;
  if (typeof id !== 'string' || typeof name !== 'string') return null;
  if (typeof type !== 'string' || !(deviceTypes as readonly string[]).includes(type)) return null;
  return {
    id,
    type: type as DeviceType,
    name,
    unit: typeof unit === 'string' ? unit : '',
    value: isFiniteNumber(reading) ? reading : null,
    on: typeof on === 'boolean' ? on : null,
    ts: isFiniteNumber(ts) ? ts : null,
  };
}

function isJson(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}
