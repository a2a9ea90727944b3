-- wrk script: each request asks the next path of the file named by the URLS environment
-- variable (one path per line), round robin; a non-200 answer is counted and reported.
local paths = {}
for line in io.lines(os.getenv("URLS")) do
  paths[#paths + 1] = line
end
local i = 0
local bad = 0

request = function()
  i = i % #paths + 1
  return wrk.format("GET", paths[i])
end

response = function(status)
  if status ~= 200 then
    bad = bad + 1
  end
end

done = function(summary, latency, requests)
  io.write(string.format("BENCH requests=%d seconds=%.3f p50_us=%d p99_us=%d max_us=%d non200=%d\n",
    summary.requests, summary.duration / 1e6, latency:percentile(50), latency:percentile(99),
    latency.max, summary.errors.status))
end
