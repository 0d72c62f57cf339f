/** The signed-in account a request acts for, as the auth plugin's `authenticate` hook sets it. */
export interface Actor {
  userId: string;
  username: string;
  schoolId: string | null;
  sessionId: string;
  clientId: string;
  roles: { id: string; tenantId: string; code: string }[];
  /** The password was set by someone else: only routes marked `passwordChangeAllowed` answer. */
  mustChangePassword: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
}
