import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import type { CollegeOption } from '@platform/contract';
import { collegeOptionsQueryOptions } from './api';

interface CollegeSelectProps {
  id?: string;
  value?: string | null | undefined;
  onChange?: (value: string | undefined) => void;
  placeholder: string;
  /** The school already chosen, shown even when the search does not find it. */
  current?: CollegeOption | null | undefined;
  style?: React.CSSProperties;
}

/** A school picked by name from `colleges/options`; the server searches. */
export function CollegeSelect({
  id,
  value,
  onChange,
  placeholder,
  current,
  style,
}: CollegeSelectProps) {
  const [search, setSearch] = useState('');
  const options = useQuery(collegeOptionsQueryOptions(search.trim()));
  const found = options.data ?? [];
  const all = current && !found.some((o) => o.id === current.id) ? [current, ...found] : found;
  return (
    <Select<string>
      id={id}
      aria-label={placeholder}
      placeholder={placeholder}
      allowClear
      style={style}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? undefined)}
      loading={options.isFetching}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      options={all.map((o) => ({ value: o.id, label: o.name }))}
    />
  );
}
