import { Input } from 'antd';

interface FilterSearchProps {
  placeholder: string;
  maxLength: number;
  width: number;
  /** The text searched for, trimmed; undefined when there is none. */
  onSearch: (text: string | undefined) => void;
}

/** A search box of a filter bar above an environment or script table. */
export function FilterSearch({ placeholder, maxLength, width, onSearch }: FilterSearchProps) {
  return (
    <Input.Search
      aria-label={placeholder}
      placeholder={placeholder}
      allowClear
      maxLength={maxLength}
      style={{ width }}
      onSearch={(text) => onSearch(text.trim() || undefined)}
    />
  );
}
