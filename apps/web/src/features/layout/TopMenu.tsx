import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dropdown } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { menuHref, type MenuEntry } from '../../shared/permissions/menuRoutes';
import { itemWidths, splitTopMenu } from './topMenuOverflow';
import { useElementWidth } from './useElementWidth';
import { isPlainClick } from './useOpenMenuEntry';

interface TopMenuProps {
  schUrl: string;
  /** The visible top-level entries. */
  entries: MenuEntry[];
  selectedId: string | null;
  onOpen: (entry: MenuEntry) => void;
}

/** The header's top menu; items that do not fit go into a "more" dropdown. */
export function TopMenu({ schUrl, entries, selectedId, onOpen }: TopMenuProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLElement>(null);
  const measure = useRef<HTMLUListElement>(null);
  const width = useElementWidth(ref);
  const titles = entries.map((e) => e.title);
  const [measured, setMeasured] = useState<{ items: number[]; more: number } | null>(null);
  const titlesKey = titles.join('\u0000');
  useLayoutEffect(() => {
    const list = measure.current;
    if (!list) return;
    const widths = Array.from(list.children, (li) => li.getBoundingClientRect().width);
    setMeasured({ items: widths.slice(0, -1), more: widths.at(-1) ?? 0 });
  }, [titlesKey, t]);
  const sizes = itemWidths(titles, measured?.items ?? null, measured?.more ?? null);
  const { visibleCount, hasMore } = splitTopMenu(
    sizes.widths,
    width ?? Number.POSITIVE_INFINITY,
    sizes.moreWidth,
  );
  const shown = entries.slice(0, visibleCount);
  const overflow = entries.slice(visibleCount);
  const overflowSelected = overflow.some((e) => e.id === selectedId);

  return (
    <nav ref={ref} className="top-menu" aria-label={t('layout.mainMenu')}>
      <ul ref={measure} className="top-menu__list top-menu__measure" aria-hidden="true">
        {entries.map((entry) => (
          <li key={entry.id}>
            <span className="top-menu__item top-menu__item--selected">{entry.title}</span>
          </li>
        ))}
        <li>
          <span className="top-menu__item top-menu__more">
            {t('layout.more')}
            <DownOutlined />
          </span>
        </li>
      </ul>
      <ul className="top-menu__list">
        {shown.map((entry) => {
          const selected = entry.id === selectedId;
          return (
            <li key={entry.id}>
              <a
                className={`top-menu__item${selected ? ' top-menu__item--selected' : ''}`}
                href={menuHref(schUrl, entry) ?? undefined}
                aria-current={selected ? 'page' : undefined}
                target={entry.externalUrl ? '_blank' : undefined}
                rel={entry.externalUrl ? 'noopener noreferrer' : undefined}
                onClick={(event) => {
                  if (!isPlainClick(event)) return;
                  event.preventDefault();
                  onOpen(entry);
                }}
              >
                {entry.title}
              </a>
            </li>
          );
        })}
        {hasMore && (
          <li>
            <Dropdown
              trigger={['click', 'hover']}
              placement="bottomRight"
              menu={{
                items: overflow.map((entry) => ({ key: entry.id, label: entry.title })),
                selectable: true,
                selectedKeys: selectedId ? [selectedId] : [],
                onClick: ({ key }) => {
                  const entry = overflow.find((e) => e.id === key);
                  if (entry) onOpen(entry);
                },
              }}
            >
              <button
                type="button"
                className={`top-menu__item top-menu__more${overflowSelected ? ' top-menu__item--selected' : ''}`}
                aria-label={t('layout.more')}
              >
                {t('layout.more')}
                <DownOutlined aria-hidden="true" />
              </button>
            </Dropdown>
          </li>
        )}
      </ul>
    </nav>
  );
}
