import type { ClientConfig } from '@platform/contract';
import type { AppContext } from '../../lib/context';
import { findSiteConfigs } from './site-config.repo';

const str = (v: unknown) => (typeof v === 'string' && v ? v : null);

/** An application's public site configuration; helper addresses it lacks come from the server's. */
export async function clientConfigs(ctx: AppContext, clientCode: string): Promise<ClientConfig[]> {
  const { config } = ctx;
  const rows = await findSiteConfigs(ctx.db, clientCode);
  return rows.map((r) => ({
    clientCode: r.clientCode,
    name: r.name,
    clientTitle: r.clientTitle,
    clientLogo: r.clientLogo,
    favicon: r.favicon,
    logo: r.logo,
    url: r.url,
    config: {
      aiChatUrl: str(r.config.aiChatUrl) ?? config.aiChatUrl ?? null,
      aiAgentCode: str(r.config.aiAgentCode) ?? config.aiAgentCode ?? null,
      userCenterUrl: str(r.config.userCenterUrl) ?? config.userCenterUrl ?? null,
    },
  }));
}
