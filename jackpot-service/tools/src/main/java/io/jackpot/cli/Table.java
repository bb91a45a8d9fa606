package io.jackpot.cli;

import java.util.ArrayList;
import java.util.List;

/** A plain text table: columns as wide as their widest cell, numbers right-aligned. */
final class Table {
  private final List<String> header;
  private final List<List<String>> rows = new ArrayList<>();

  Table(String... header) {
    this.header = List.of(header);
  }

  Table row(Object... cells) {
    List<String> r = new ArrayList<>();
    for (Object c : cells) {
      r.add(c == null ? "-" : String.valueOf(c));
    }
    rows.add(r);
    return this;
  }

  String render() {
    int[] width = new int[header.size()];
    for (int i = 0; i < width.length; i++) {
      width[i] = header.get(i).length();
      for (List<String> r : rows) {
        width[i] = Math.max(width[i], r.get(i).length());
      }
    }
    StringBuilder out = new StringBuilder();
    line(out, header, width);
    StringBuilder rule = new StringBuilder();
    for (int w : width) {
      rule.append("-".repeat(w)).append("  ");
    }
    out.append(rule.toString().stripTrailing()).append('\n');
    rows.forEach(r -> line(out, r, width));
    return out.toString();
  }

  private static void line(StringBuilder out, List<String> cells, int[] width) {
    StringBuilder l = new StringBuilder();
    for (int i = 0; i < cells.size(); i++) {
      String c = cells.get(i);
      boolean number = c.matches("-?[0-9][0-9.,]*");
      l.append(number ? " ".repeat(width[i] - c.length()) + c : c + " ".repeat(width[i] - c.length())).append("  ");
    }
    out.append(l.toString().stripTrailing()).append('\n');
  }
}
