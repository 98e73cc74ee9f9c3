#!/usr/bin/env python3
"""Prints lab 8's advanced reference with %globaltimer stamps in the ring kernel, for ring_probe.cu.

    python3 research/smalln/probe/ring_probe_edits.py solutions/lab8-single-pass/decoupled_lookback.cu \
        > research/smalln/probe/ring_probe_v.cu

Per ticket (two 32 KB halves), lane 0 of the role that reaches the point stamps:
  0 ticket drawn (producer)                 1 first half landed (first reduce warp)
  2 aggregate published (last reduce warp)  3 prefix known (look-back warp)
  4 first half in registers (group 0)       5 first half's prefix read (group 0)
  6 second half's stores issued (group 1)
Per block: nanoseconds the producer waited for a free buffer, and each consumer group waited for a
landed tile. Each edit must match exactly once, so a changed reference fails loudly.
"""
import sys

PROBE = r'''
// ---- ring probe (research only) ----
constexpr unsigned PROBE_STAGES = 7;
constexpr unsigned PROBE_MAX_TILES = 1u << 17;
__device__ unsigned long long g_probe_stamp[PROBE_STAGES][PROBE_MAX_TILES];
__device__ unsigned long long g_probe_producer_wait[1024];
__device__ unsigned long long g_probe_consumer_idle[1024][2];
__device__ __forceinline__ unsigned long long probe_now() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %globaltimer;" : "=l"(t));
    return t;
}
__device__ __forceinline__ void probe_stamp(unsigned stage, unsigned ticket) {
    if (ticket < PROBE_MAX_TILES) g_probe_stamp[stage][ticket] = probe_now();
}
'''

EDITS = [
    ("namespace {\n", "namespace {\n" + PROBE, 1),
    # producer: time waiting for free buffers; the ticket's draw
    ("                s.empty[entry * RING_PARTS + h].wait_parity((j / RING_ENTRIES - 1) & 1);\n",
     "            {\n"
     "                const unsigned long long w0 = probe_now();\n"
     "                s.empty[entry * RING_PARTS + h].wait_parity((j / RING_ENTRIES - 1) & 1);\n"
     "                if (lane == 0) g_probe_producer_wait[blockIdx.x] += probe_now() - w0;\n"
     "            }\n", 1),
    ("            if (lane == 0) drawn = draw_ticket(last_draw);\n",
     "            if (lane == 0) {\n"
     "                drawn = draw_ticket(last_draw);\n"
     "                probe_stamp(0, drawn);\n"
     "            }\n", 1),
    # reduce: first half landed, aggregate published
    ("        const float4* buffer = ring + slot * (STAGED_TILE / 4);\n        float sum = 0.0f;\n",
     "        if (r == 0 && slot % RING_PARTS == 0) probe_stamp(1, ticket);\n"
     "        const float4* buffer = ring + slot * (STAGED_TILE / 4);\n        float sum = 0.0f;\n", 1),
    ("        if (ticket != 0) publish(ticket, make_word(epoch, false, aggregate));  // ticket 0: INCLUSIVE only\n",
     "        if (ticket != 0) publish(ticket, make_word(epoch, false, aggregate));  // ticket 0: INCLUSIVE only\n"
     "        probe_stamp(2, ticket);\n", 1),
    # look-back: prefix known
    ("        s.reduced[entry][phase].wait_parity((u >> 1) & 1);\n",
     "        if (lane == 0) probe_stamp(3, ticket);\n"
     "        s.reduced[entry][phase].wait_parity((u >> 1) & 1);\n", 1),
    # consumer: idle time waiting for a landed half; group 0: in registers, prefix read; group 1: stores issued
    ("        s.full[slot].wait_parity(phase);\n        const unsigned ticket = s.ticket[slot / RING_PARTS];\n",
     "        const unsigned long long idle0 = probe_now();\n"
     "        s.full[slot].wait_parity(phase);\n        const unsigned ticket = s.ticket[slot / RING_PARTS];\n"
     "        if (t == 0 && k > 0) g_probe_consumer_idle[blockIdx.x][g] += probe_now() - idle0;\n", 1),
    ("        if (lane == 0) (void)s.empty[slot].arrive();  // this warp's float4s are in registers\n",
     "        if (lane == 0) (void)s.empty[slot].arrive();  // this warp's float4s are in registers\n"
     "        if (t == 0 && g == 0) probe_stamp(4, ticket);\n", 1),
    ("        const float part_prefix = s.prefix[slot];\n",
     "        const float part_prefix = s.prefix[slot];\n"
     "        if (t == 0 && g == 0) probe_stamp(5, ticket);\n", 1),
    ("                store_float4_guarded(output, base + 4 * std::size_t(idx), n, r);\n        }\n    }\n}\n",
     "                store_float4_guarded(output, base + 4 * std::size_t(idx), n, r);\n        }\n"
     "        if (t == 0 && g == RING_GROUPS - 1) probe_stamp(6, ticket);\n    }\n}\n", 1),
]


def main():
    source = open(sys.argv[1]).read()
    for old, new, count in EDITS:
        found = source.count(old)
        if found != count:
            sys.exit(f"ring_probe_edits.py: expected {count} match(es), found {found}:\n{old}")
        source = source.replace(old, new)
    sys.stdout.write(source)
    sys.stdout.write("namespace {\nconstexpr unsigned PROBE_TILE_ELEMENTS = RING_TICKET_TILE;  // elements per stamped ticket\n}\n")


if __name__ == "__main__":
    main()
