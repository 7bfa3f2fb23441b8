package dev.openelevate.analysis;

import java.util.List;
import java.util.Map;

import org.apache.lucene.analysis.CharArraySet;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.util.ElisionFilter;
import org.elasticsearch.plugin.Inject;
import org.elasticsearch.plugin.NamedComponent;
import org.elasticsearch.plugin.analysis.TokenFilterFactory;
import org.elasticsearch.plugin.settings.AnalysisSettings;
import org.elasticsearch.plugin.settings.ListSetting;
import org.elasticsearch.plugin.settings.StringSetting;

/**
 * {@code elevate_elision}: removes elided articles the standard tokenizer leaves on a word ("l'écharpe" →
 * "écharpe"), with the articles of {@code language} (french, italian, catalan) or an explicit {@code articles}
 * list. Runs after lowercase.
 */
@NamedComponent("elevate_elision")
public class ElisionFactory implements TokenFilterFactory {

  @AnalysisSettings
  public interface Settings {
    @StringSetting(path = "language", defaultValue = "")
    String language();

    @ListSetting(path = "articles")
    List<String> articles();
  }

  /** The article lists of Lucene's French, Italian and Catalan analyzers. */
  static final Map<String, List<String>> ARTICLES = Map.of(
      "french", List.of("l", "m", "t", "qu", "n", "s", "j", "d", "c", "jusqu", "quoiqu", "lorsqu", "puisqu"),
      "italian", List.of("c", "l", "all", "dall", "dell", "nell", "sull", "coll", "pell", "gl", "agl", "dagl",
          "degl", "negl", "sugl", "un", "m", "t", "s", "v", "d"),
      "catalan", List.of("d", "l", "m", "n", "s", "t"));

  private final String language;
  private final CharArraySet articles;

  /** Settings are checked in {@link #create}, not here: see {@link StemmerFactory#StemmerFactory}. */
  @Inject
  public ElisionFactory(Settings settings) {
    this.language = settings.language();
    List<String> words = settings.articles().isEmpty() ? ARTICLES.get(language) : settings.articles();
    this.articles = words == null ? null : CharArraySet.unmodifiableSet(new CharArraySet(words, true));
  }

  @Override
  public TokenStream create(TokenStream input) {
    if (articles == null) {
      throw new IllegalArgumentException((language.isEmpty() ? "elevate_elision needs articles or a language"
          : "elevate_elision: unknown language [" + language + "]") + "; languages: " + ARTICLES.keySet());
    }
    return new ElisionFilter(input, articles);
  }
}
