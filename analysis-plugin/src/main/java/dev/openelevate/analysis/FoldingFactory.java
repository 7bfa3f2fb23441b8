package dev.openelevate.analysis;

import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.miscellaneous.ASCIIFoldingFilter;
import org.elasticsearch.plugin.Inject;
import org.elasticsearch.plugin.NamedComponent;
import org.elasticsearch.plugin.analysis.TokenFilterFactory;
import org.elasticsearch.plugin.settings.AnalysisSettings;
import org.elasticsearch.plugin.settings.BooleanSetting;

/**
 * {@code elevate_folding}: folds letters with diacritics to ASCII (ö, ø → o; é → e; ß → ss), so "rod" meets "röd".
 * {@code preserve_original} also keeps the unfolded token at the same position.
 */
@NamedComponent("elevate_folding")
public class FoldingFactory implements TokenFilterFactory {

  @AnalysisSettings
  public interface Settings {
    @BooleanSetting(path = "preserve_original", defaultValue = false)
    boolean preserveOriginal();
  }

  private final boolean preserveOriginal;

  @Inject
  public FoldingFactory(Settings settings) {
    this.preserveOriginal = settings.preserveOriginal();
  }

  @Override
  public TokenStream create(TokenStream input) {
    return new ASCIIFoldingFilter(input, preserveOriginal);
  }

  /** Normalizers (keywords, prefix and wildcard terms) fold without keeping the original. */
  @Override
  public TokenStream normalize(TokenStream input) {
    return new ASCIIFoldingFilter(input, false);
  }
}
