/** The signed-in user as the shell knows it (§3 User). */
export interface SessionUser {
  id: number;
  first_name: string;
  last_name: string;
  full_name: string;
  email?: string;
  is_staff: boolean;
  flags: string[];
  unread_messages_count: number;
  company: {
    name: string;
    website?: string | null;
    commercial_activity?: string | null;
    description?: string | null;
  } | null;
}

/** The two clients of the api-client seam (main API and user service). */
export interface ApiClientsLike {
  api: unknown;
  users: unknown;
}
