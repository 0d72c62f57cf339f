import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import {
  classOptionsQueryOptions,
  environmentOptionsQueryOptions,
  platformCoursesQueryOptions,
  schoolOptionsQueryOptions,
} from './api';

/** The pickers of the money screens: schools, platform courses, environments and classes. */

interface Named {
  id: string;
  name: string;
}

/** The found options, with the chosen ones the search no longer finds kept first. */
function withKept(found: readonly Named[], kept: readonly Named[]): Named[] {
  const ids = new Set(found.map((o) => o.id));
  return [...kept.filter((o) => !ids.has(o.id)), ...found];
}

interface SingleProps {
  id?: string;
  value?: string | null | undefined;
  onChange?: (value: string | undefined) => void;
  placeholder: string;
  style?: React.CSSProperties;
}

/** A school picked by name from `colleges/options` (platform staff); the server searches. */
export function SchoolSelect({ id, value, onChange, placeholder, style }: SingleProps) {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<Named | null>(null);
  const options = useQuery(schoolOptionsQueryOptions(search.trim()));
  const all = withKept(options.data ?? [], chosen && chosen.id === value ? [chosen] : []);
  return (
    <Select<string>
      id={id}
      aria-label={placeholder}
      placeholder={placeholder}
      allowClear
      style={style}
      value={value ?? undefined}
      onChange={(v) => {
        setChosen(all.find((o) => o.id === v) ?? null);
        onChange?.(v ?? undefined);
      }}
      loading={options.isFetching}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      options={all.map((o) => ({ value: o.id, label: o.name }))}
    />
  );
}

interface CourseSelectProps {
  id?: string;
  value?: string[];
  onChange?: (value: string[]) => void;
  placeholder: string;
  /** Courses that may be chosen already (a package's), named even when the search misses them. */
  current?: readonly Named[] | undefined;
}

/** Platform courses picked by name, several at once; the server searches. */
export function CourseSelect({
  id,
  value,
  onChange,
  placeholder,
  current = [],
}: CourseSelectProps) {
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<readonly Named[]>([]);
  const courses = useQuery(platformCoursesQueryOptions(search.trim()));
  const chosen = new Set(value ?? []);
  const known = withKept(picked, current);
  const all = withKept(
    courses.data ?? [],
    known.filter((c) => chosen.has(c.id)),
  );
  return (
    <Select<string[]>
      id={id}
      mode="multiple"
      aria-label={placeholder}
      placeholder={placeholder}
      allowClear
      value={value ?? []}
      onChange={(ids) => {
        setPicked(all.filter((c) => ids.includes(c.id)));
        onChange?.(ids);
      }}
      loading={courses.isFetching}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      options={all.map((o) => ({ value: o.id, label: o.name }))}
    />
  );
}

/**
 * An environment to filter by: every configuration for platform staff (searched here), the
 * environment centre by name for a school (searched by the server).
 */
export function EnvironmentSelect({
  platform,
  ...props
}: Omit<SingleProps, 'id'> & { platform: boolean }) {
  const [search, setSearch] = useState('');
  const envs = useQuery(environmentOptionsQueryOptions(platform, search.trim()));
  return (
    <Select<string>
      aria-label={props.placeholder}
      placeholder={props.placeholder}
      allowClear
      style={props.style}
      value={props.value ?? undefined}
      onChange={(v) => props.onChange?.(v ?? undefined)}
      loading={envs.isFetching}
      showSearch={
        platform ? { optionFilterProp: 'label' } : { filterOption: false, onSearch: setSearch }
      }
      options={(envs.data ?? []).map((o) => ({ value: o.id, label: o.name }))}
    />
  );
}

/** A class of the own school (classes/list, archived ones too), for a school's filters. */
export function ClassSelect(props: Omit<SingleProps, 'id'>) {
  const classes = useQuery(classOptionsQueryOptions());
  return (
    <Select<string>
      aria-label={props.placeholder}
      placeholder={props.placeholder}
      allowClear
      style={props.style}
      value={props.value ?? undefined}
      onChange={(v) => props.onChange?.(v ?? undefined)}
      loading={classes.isPending}
      showSearch={{ optionFilterProp: 'label' }}
      options={(classes.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
    />
  );
}
