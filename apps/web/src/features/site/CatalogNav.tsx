import { useId, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { FrontCatalog } from '@platform/contract';
import { catalogsByKindQuery } from './api';
import { catalogHref, splitNavEntries } from './navigation';
import { CatalogLink, useSiteLanguage } from './parts';

/** One group of a dropdown: its heading and its entries in two columns, More past 11. */
function NavGroup({ group, top }: { group: FrontCatalog; top: FrontCatalog }) {
  const { t } = useTranslation();
  const { first, second, more } = splitNavEntries(group.subCatalogs);
  const entry = (c: FrontCatalog) => (
    <li key={c.id}>
      <CatalogLink catalog={c} pid={group.id} gid={top.id} className="site-catnav__entry" />
    </li>
  );
  return (
    <div className="site-catnav__group">
      <CatalogLink catalog={group} pid={top.id} gid={top.id} className="site-catnav__heading" />
      {group.subCatalogs.length > 0 && (
        <div className="site-catnav__columns">
          <ul>{first.map(entry)}</ul>
          {second.length > 0 && <ul>{second.map(entry)}</ul>}
        </div>
      )}
      {more && (
        <Link className="site-catnav__more" to={catalogHref(group.id, top.id, top.id)}>
          {t('site.nav.more')}
        </Link>
      )}
    </div>
  );
}

/** A top entry: a link when it has no groups, else a button with its dropdown. */
function TopEntry({
  top,
  open,
  onOpen,
  onClose,
}: {
  top: FrontCatalog;
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const panelId = useId();
  if (top.subCatalogs.length === 0)
    return (
      <li className="site-catnav__item">
        <CatalogLink catalog={top} className="site-catnav__top" />
      </li>
    );
  const onBlur = (event: FocusEvent<HTMLLIElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) onClose();
  };
  const onFocus = (event: FocusEvent<HTMLLIElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) onOpen();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>) => {
    if (event.key !== 'Escape' || !open) return;
    onClose();
    event.currentTarget.querySelector('button')?.focus();
  };
  return (
    <li
      className="site-catnav__item"
      onMouseEnter={onOpen}
      onMouseLeave={onClose}
      onFocus={onFocus}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
    >
      <button
        type="button"
        className="site-catnav__top"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => (open ? onClose() : onOpen())}
      >
        {top.name}
        <span className="site-catnav__caret" aria-hidden="true" />
      </button>
      <div
        id={panelId}
        className="site-catnav__panel"
        hidden={!open}
        role="group"
        aria-label={t('site.nav.open', { name: top.name })}
        onClick={(event) => {
          if ((event.target as HTMLElement).closest('a')) onClose();
        }}
      >
        {top.subCatalogs.map((group) => (
          <NavGroup key={group.id} group={group} top={top} />
        ))}
      </div>
    </li>
  );
}

/**
 * The home site's top navigation (platform spec §2, management spec §2): the top-level catalogues
 * of the `navigate` attribute, each a hover (or focus, or click) dropdown of its groups.
 */
export function CatalogNav() {
  const { t } = useTranslation();
  const lang = useSiteLanguage();
  const { data } = useQuery(catalogsByKindQuery(lang, 'navigate'));
  const [openId, setOpenId] = useState<string | null>(null);
  const tops = (data ?? []).filter((c) => !c.parentId);
  return (
    <nav className="site-catnav" aria-label={t('site.nav.catalogues')}>
      <ul className="site-catnav__list">
        {tops.map((top) => (
          <TopEntry
            key={top.id}
            top={top}
            open={openId === top.id}
            onOpen={() => setOpenId(top.id)}
            onClose={() => setOpenId((current) => (current === top.id ? null : current))}
          />
        ))}
      </ul>
    </nav>
  );
}
