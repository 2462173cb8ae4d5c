import { statements } from './statements';

/**
 * Uploaded files live on disk (UPLOAD_DIR), not in the database: a 15 MB bytea write froze the embedded
 * database for seconds. The table keeps their metadata; submissions list the ids in brief.salesPresentation.
 */
export default statements([
  `drop table onboarding_files`,
  `create table onboarding_uploads (
      id uuid primary key,
      user_id integer not null references users(id) on delete cascade,
      uploaded_by integer not null references users(id) on delete cascade,
      filename text not null,
      content_type text not null,
      size integer not null,
      sha256 text not null,
      created_at timestamptz not null default now()
    )`,
  `create index onboarding_uploads_user_idx on onboarding_uploads (user_id)`,
  `create index onboarding_submissions_user_idx on onboarding_submissions (user_id, id)`,
]);
