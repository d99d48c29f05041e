-- nextSyncAt() of lib/analytics/metrics-math.ts in its first stage (15 minutes), with the same
-- double-precision arithmetic: the first point of the phase's grid after `after`, to the
-- millisecond. Pages published at one instant are first read spread over the next 15 minutes by
-- their phase (metrics_phase.sql). Inlined like metrics_phase.
CREATE OR REPLACE FUNCTION metrics_first_read_at(phase double precision, after timestamp with time zone) RETURNS timestamp with time zone AS $$
  SELECT 'epoch'::timestamptz
    + (floor((floor(extract(epoch FROM after) * 1000)::float8 - floor(phase * 900000)) / 900000 + 1) * 900000
       + floor(phase * 900000)) * interval '1 millisecond'
$$ LANGUAGE sql IMMUTABLE PARALLEL SAFE;
