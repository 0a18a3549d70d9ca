-- Notification preferences are saved with an upsert (`Prefer: resolution=merge-duplicates`), and PostgREST's
-- upsert updates every column the request sends, the key included: without UPDATE on user_id and kind a changed
-- preference was refused (42501). Row-level security still keeps user_id the caller's own, and the kind check
-- still holds, so the wider grant lets nobody write anything new.
grant update (user_id, kind) on public.notification_preferences to authenticated;
