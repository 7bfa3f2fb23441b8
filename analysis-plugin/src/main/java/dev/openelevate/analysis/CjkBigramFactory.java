package dev.openelevate.analysis;

import java.util.List;
import java.util.Map;

import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.cjk.CJKBigramFilter;
import org.elasticsearch.plugin.Inject;
import org.elasticsearch.plugin.NamedComponent;
import org.elasticsearch.plugin.analysis.TokenFilterFactory;
import org.elasticsearch.plugin.settings.AnalysisSettings;
import org.elasticsearch.plugin.settings.BooleanSetting;
import org.elasticsearch.plugin.settings.ListSetting;

/**
 * {@code elevate_cjk_bigram}: overlapping pairs of Chinese, Japanese and Korean characters from the standard
 * tokenizer's one-character tokens (Han, Hiragana, Katakana) and Hangul words, so Japanese and Chinese text,
 * which has no spaces, can be searched. {@code output_unigrams} also keeps single characters (recall for
 * one-character queries); {@code ignored_scripts} (han, hiragana, katakana, hangul) leaves those scripts as they are.
 */
@NamedComponent("elevate_cjk_bigram")
public class CjkBigramFactory implements TokenFilterFactory {

  @AnalysisSettings
  public interface Settings {
    @BooleanSetting(path = "output_unigrams", defaultValue = false)
    boolean outputUnigrams();

    @ListSetting(path = "ignored_scripts")
    List<String> ignoredScripts();
  }

  private static final Map<String, Integer> SCRIPTS = Map.of(
      "han", CJKBigramFilter.HAN,
      "hiragana", CJKBigramFilter.HIRAGANA,
      "katakana", CJKBigramFilter.KATAKANA,
      "hangul", CJKBigramFilter.HANGUL);

  private final int flags;
  private final boolean outputUnigrams;
  private final String unknownScript;

  /** Settings are checked in {@link #create}, not here: see {@link StemmerFactory#StemmerFactory}. */
  @Inject
  public CjkBigramFactory(Settings settings) {
    int scripts = CJKBigramFilter.HAN | CJKBigramFilter.HIRAGANA | CJKBigramFilter.KATAKANA | CJKBigramFilter.HANGUL;
    String unknown = null;
    for (String script : settings.ignoredScripts()) {
      Integer flag = SCRIPTS.get(script);
      if (flag == null) unknown = script;
      else scripts &= ~flag;
    }
    this.flags = scripts;
    this.outputUnigrams = settings.outputUnigrams();
    this.unknownScript = unknown;
  }

  @Override
  public TokenStream create(TokenStream input) {
    if (unknownScript != null) {
      throw new IllegalArgumentException("elevate_cjk_bigram: unknown script [" + unknownScript
          + "] in ignored_scripts; expected " + SCRIPTS.keySet());
    }
    return new CJKBigramFilter(input, flags, outputUnigrams);
  }
}
