-- The version of a post a reviewer approves: SHA-256 (hex) of a canonical JSON of exactly what goes
-- out: the text, title, share message and its settings, 'Summarize for X', the media in order, the
-- pages with their types, and the time. jsonb writes its keys in one order whatever the input's,
-- so the text hashed is canonical. Approving records it (lib/approvals/server/service.ts); the
-- publisher's claims compare it with the post's latest approval (lib/approvals/server/gate.ts).
CREATE OR REPLACE FUNCTION post_content_hash(post_id uuid) RETURNS text AS $$
  SELECT encode(sha256(convert_to(jsonb_build_object(
    'content', p.content,
    'title', p.title,
    'shareContent', p.share_content,
    'useAIShareMessage', p.use_ai_share_message,
    'summarizeForTwitter', p.summarize_for_twitter,
    'scheduledAt', to_char(p.scheduled_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    'media', coalesce((SELECT jsonb_agg(pm.media_id ORDER BY pm.position, pm.media_id)
      FROM post_media pm WHERE pm.post_id = p.id), '[]'::jsonb),
    'pages', coalesce((SELECT jsonb_agg(jsonb_build_array(t.type, t.page_id) ORDER BY t.type, t.page_id)
      FROM post_targets t WHERE t.post_id = p.id), '[]'::jsonb)
  )::text, 'UTF8')), 'hex')
  FROM posts p WHERE p.id = $1
$$ LANGUAGE sql STABLE;
