import type { ReactNode } from 'react';
import { Input, Select, Space, type SelectProps } from 'antd';

/** The filter bar above a table. */
export function FilterBar({ children }: { children: ReactNode }) {
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      {children}
    </Space>
  );
}

interface SearchFilterProps {
  /** Also the input's accessible name. */
  placeholder: string;
  maxLength: number;
  width: number;
  /** The text shown at first (a search kept from before). */
  defaultValue?: string | undefined;
  /** The searched text without edge spaces; undefined when nothing is left. */
  onSearch: (text: string | undefined) => void;
}

/** A text filter, applied on Enter or the search button. */
export function SearchFilter({
  placeholder,
  maxLength,
  width,
  defaultValue,
  onSearch,
}: SearchFilterProps) {
  return (
    <Input.Search
      aria-label={placeholder}
      placeholder={placeholder}
      defaultValue={defaultValue}
      allowClear
      maxLength={maxLength}
      style={{ width }}
      onSearch={(text) => onSearch(text.trim() || undefined)}
    />
  );
}

type SelectFilterProps<V> = Omit<SelectProps<V>, 'style' | 'allowClear' | 'onChange'> & {
  /** Also the select's accessible name. */
  placeholder: string;
  width: number;
  /** The chosen value; undefined when cleared. */
  onChange: (value: V | undefined) => void;
};

/** A choice filter that can be cleared. */
export function SelectFilter<V>({ placeholder, width, onChange, ...rest }: SelectFilterProps<V>) {
  return (
    <Select<V>
      aria-label={placeholder}
      placeholder={placeholder}
      allowClear
      style={{ width }}
      onChange={(value) => onChange(value ?? undefined)}
      {...rest}
    />
  );
}
