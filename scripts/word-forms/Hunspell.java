// Stems words with Lucene's Hunspell filter and a Debian dictionary: java Hunspell /usr/share/hunspell/sv_SE word... (scripts/compare-word-forms.ts).
import java.io.*;
import java.nio.file.*;
import java.util.List;
import org.apache.lucene.analysis.hunspell.*;
import org.apache.lucene.store.*;

public class Hunspell {
  public static void main(String[] a) throws Exception {
    // args: dictionary base (e.g. /usr/share/hunspell/sv_SE), then words
    Path aff = Paths.get(a[0] + ".aff"), dic = Paths.get(a[0] + ".dic");
    long t = System.nanoTime();
    Runtime rt = Runtime.getRuntime(); System.gc(); long before = rt.totalMemory() - rt.freeMemory();
    org.apache.lucene.analysis.hunspell.Dictionary d;
    try (InputStream ai = Files.newInputStream(aff); InputStream di = Files.newInputStream(dic)) {
      d = new org.apache.lucene.analysis.hunspell.Dictionary(new ByteBuffersDirectory(), "hs", ai, java.util.List.of(di), true);
    }
    System.gc(); long after = rt.totalMemory() - rt.freeMemory();
    System.err.printf("loaded %s in %d ms, ~%d MB%n", a[0], (System.nanoTime() - t) / 1_000_000, (after - before) / 1_000_000);
    for (int i = 1; i < a.length; i++) {
      var tok = new org.apache.lucene.analysis.core.WhitespaceTokenizer();
      tok.setReader(new StringReader(a[i].toLowerCase(java.util.Locale.ROOT)));
      var ts = new HunspellStemFilter(tok, d, true, true);
      var term = ts.addAttribute(org.apache.lucene.analysis.tokenattributes.CharTermAttribute.class);
      ts.reset();
      StringBuilder b = new StringBuilder();
      while (ts.incrementToken()) { if (b.length() > 0) b.append('|'); b.append(term.toString()); }
      ts.end(); ts.close();
      System.out.println(a[i] + "\t" + b);
    }
  }
}
