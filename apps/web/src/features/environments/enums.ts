import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  accessModes,
  actuatorTypes,
  envStateValues,
  envTypeValues,
  experimentKinds,
  hiddenFlags,
  openWithValues,
  resourceKinds,
  sensorTypes,
  type ExperimentKind,
  type ResourceKind,
} from '@platform/contract';

/** Translated names and select options of the environment enumerations (platform spec §3). */

type Group = 'type' | 'state' | 'hidden' | 'openWith' | 'accessMode' | 'experimentKind';

export interface Option<V> {
  value: V;
  label: string;
}

export interface EnvEnums {
  /** The translated name of a value; unknown values are shown as they are. */
  label(group: Group, value: string | number): string;
  deviceLabel(type: string): string;
  type: Option<number>[];
  state: Option<number>[];
  hidden: Option<number>[];
  openWith: Option<number>[];
  accessMode: Option<number>[];
  experimentKind: Option<ExperimentKind>[];
  resourceKind: Option<ResourceKind>[];
  /** Device types grouped into sensors and actuators. */
  deviceType: { label: string; options: Option<string>[] }[];
}

function lookup(map: Record<string, string>, value: string | number): string {
  const key = String(value);
  return Object.prototype.hasOwnProperty.call(map, key) ? (map[key] ?? key) : key;
}

export function useEnvEnums(): EnvEnums {
  const { t } = useTranslation();
  return useMemo(() => {
    const maps: Record<Group, Record<string, string>> = {
      type: t('environments.type', { returnObjects: true }),
      state: t('environments.state', { returnObjects: true }),
      hidden: t('environments.hidden', { returnObjects: true }),
      openWith: t('environments.openWith', { returnObjects: true }),
      accessMode: t('environments.accessMode', { returnObjects: true }),
      experimentKind: t('environments.experimentKind', { returnObjects: true }),
    };
    const devices: Record<string, string> = t('environments.deviceType', { returnObjects: true });
    const label = (group: Group, value: string | number) => lookup(maps[group], value);
    const deviceLabel = (type: string) => lookup(devices, type);
    const options = <V extends string | number>(group: Group, values: readonly V[]) =>
      values.map((value) => ({ value, label: label(group, value) }));
    const deviceOptions = (types: readonly string[]) =>
      types.map((value) => ({ value, label: deviceLabel(value) }));
    return {
      label,
      deviceLabel,
      type: options('type', envTypeValues),
      state: options('state', envStateValues),
      hidden: options('hidden', Object.values(hiddenFlags)),
      openWith: options('openWith', Object.values(openWithValues)),
      accessMode: options('accessMode', Object.values(accessModes)),
      experimentKind: options('experimentKind', experimentKinds),
      resourceKind: resourceKinds.map((value) => ({ value, label: value })),
      deviceType: [
        { label: t('environments.deviceGroup.sensor'), options: deviceOptions(sensorTypes) },
        { label: t('environments.deviceGroup.actuator'), options: deviceOptions(actuatorTypes) },
      ],
    };
  }, [t]);
}

/** Seconds as h:mm:ss. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return `${h}:${String(m).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}
