import type { CSSProperties } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { rootRegionId } from '@platform/contract';
import { regionChildrenQueryOptions } from './api';
import { useLang } from './collegeFormat';

interface RegionSelectProps {
  /** The parent region: the root for provinces, a province for its cities; none disables it. */
  pid: string | undefined;
  id?: string;
  value?: string | null | undefined;
  onChange?: (value: string | undefined) => void;
  placeholder: string;
  disabled?: boolean;
  allowClear?: boolean;
  style?: CSSProperties;
}

/** A province or a city of the region dictionary, loaded through `childByPid`. */
export function RegionSelect({
  pid,
  id,
  value,
  onChange,
  placeholder,
  disabled,
  allowClear = true,
  style,
}: RegionSelectProps) {
  const { language } = useLang();
  const regions = useQuery({
    ...regionChildrenQueryOptions(pid ?? rootRegionId, language),
    enabled: pid !== undefined,
  });
  return (
    <Select<string>
      id={id}
      aria-label={id ? undefined : placeholder}
      placeholder={placeholder}
      allowClear={allowClear}
      showSearch={{ optionFilterProp: 'label' }}
      disabled={disabled || pid === undefined}
      loading={regions.isFetching}
      style={style}
      value={value || undefined}
      onChange={(v) => onChange?.(v ?? undefined)}
      options={(regions.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
    />
  );
}
