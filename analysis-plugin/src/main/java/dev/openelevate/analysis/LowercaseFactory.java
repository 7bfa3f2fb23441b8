package dev.openelevate.analysis;

import org.apache.lucene.analysis.LowerCaseFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.el.GreekLowerCaseFilter;
import org.apache.lucene.analysis.ga.IrishLowerCaseFilter;
import org.apache.lucene.analysis.tr.TurkishLowerCaseFilter;
import org.elasticsearch.plugin.Inject;
import org.elasticsearch.plugin.NamedComponent;
import org.elasticsearch.plugin.analysis.TokenFilterFactory;
import org.elasticsearch.plugin.settings.AnalysisSettings;
import org.elasticsearch.plugin.settings.StringSetting;

/**
 * {@code elevate_lowercase}: lowercase with language rules the server's {@code lowercase} lacks. {@code greek}
 * also drops accents (tonos) and writes final sigma as σ, which the Greek stemmer expects; {@code irish} and
 * {@code turkish} follow those languages. Without {@code language} it is plain lowercase.
 */
@NamedComponent("elevate_lowercase")
public class LowercaseFactory implements TokenFilterFactory {

  @AnalysisSettings
  public interface Settings {
    @StringSetting(path = "language", defaultValue = "")
    String language();
  }

  private final String language;

  /** The language is checked in {@link #create}, not here: see {@link StemmerFactory#StemmerFactory}. */
  @Inject
  public LowercaseFactory(Settings settings) {
    this.language = settings.language();
  }

  @Override
  public TokenStream create(TokenStream input) {
    switch (language) {
      case "greek": return new GreekLowerCaseFilter(input);
      case "irish": return new IrishLowerCaseFilter(input);
      case "turkish": return new TurkishLowerCaseFilter(input);
      case "": return new LowerCaseFilter(input);
      default: throw new IllegalArgumentException("elevate_lowercase: unknown language [" + language
          + "]; expected greek, irish, turkish or none");
    }
  }

  @Override
  public TokenStream normalize(TokenStream input) {
    return create(input);
  }
}
