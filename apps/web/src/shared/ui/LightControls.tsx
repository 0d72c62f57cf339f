import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import './LightControls.css';

/**
 * Filter and paging controls in plain markup, for pages whose first load must stay small (the
 * course hall): they look like the shell's inputs without loading antd's select, input or
 * pagination.
 */

interface LightSearchProps {
  /** Also the input's accessible name. */
  placeholder: string;
  maxLength: number;
  width: number;
  defaultValue?: string | undefined;
  /** The searched text without edge spaces; undefined when nothing is left. */
  onSearch: (text: string | undefined) => void;
}

/** A text filter, applied on Enter or the search button. */
export function LightSearch({
  placeholder,
  maxLength,
  width,
  defaultValue,
  onSearch,
}: LightSearchProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(defaultValue ?? '');
  const search = () => onSearch(text.trim() || undefined);
  return (
    <div role="search" className="light-search" style={{ width }}>
      <input
        type="search"
        className="light-input"
        aria-label={placeholder}
        placeholder={placeholder}
        maxLength={maxLength}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') search();
        }}
      />
      <button
        type="button"
        className="light-search__button"
        aria-label={t('lists.search')}
        onClick={search}
      >
        <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
          <circle cx="7" cy="7" r="5" fill="none" stroke="currentColor" strokeWidth="1.6" />
          <path d="M11 11l3.5 3.5" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}

interface LightSelectProps<V extends string> {
  /** Also the select's accessible name; the empty choice shows it. */
  placeholder: string;
  width: number;
  value: V | undefined;
  options: { value: V; label: string }[];
  /** The chosen value; undefined for the empty choice. */
  onChange: (value: V | undefined) => void;
}

/** A choice filter whose empty choice clears it. */
export function LightSelect<V extends string>({
  placeholder,
  width,
  value,
  options,
  onChange,
}: LightSelectProps<V>) {
  return (
    <select
      className={`light-input light-select${value ? '' : ' light-select--empty'}`}
      aria-label={placeholder}
      style={{ width }}
      value={value ?? ''}
      onChange={(e) => onChange((e.target.value || undefined) as V | undefined)}
    >
      <option value="">{placeholder}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

interface LightPagerProps {
  current: number;
  pageSize: number;
  total: number;
  /** The total, as the page says it ("30 courses"). */
  totalText: string;
  onChange: (page: number) => void;
}

/** Previous and next with the page number, for lists that page on the server. */
export function LightPager({ current, pageSize, total, totalText, onChange }: LightPagerProps) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav className="light-pager" aria-label={t('lists.pagination')}>
      <span>{totalText}</span>
      <button
        type="button"
        className="light-pager__button"
        disabled={current <= 1}
        onClick={() => onChange(current - 1)}
      >
        {t('lists.previousPage')}
      </button>
      <span aria-current="page">{t('lists.pageOf', { page: current, pages })}</span>
      <button
        type="button"
        className="light-pager__button"
        disabled={current >= pages}
        onClick={() => onChange(current + 1)}
      >
        {t('lists.nextPage')}
      </button>
    </nav>
  );
}
